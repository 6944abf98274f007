#include "save_bytes.h"

uint32_t test_crc32(const uint8_t *p, size_t n)
{
	static uint32_t table[256]; /* built on first use: the campaigns fix many checksums */
	if (!table[1]) {
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t c = i;
			for (int k = 0; k < 8; k++)
				c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
			table[i] = c;
		}
	}
	uint32_t c = 0xFFFFFFFFu;
	for (size_t i = 0; i < n; i++)
		c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
	return c ^ 0xFFFFFFFFu;
}

void fix_crc(uint8_t *save, size_t len)
{
	uint32_t c = test_crc32(save, len - 4);
	for (int i = 0; i < 4; i++)
		save[len - 4 + (size_t)i] = (uint8_t)(c >> (8 * i));
}

uint32_t get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
