/* Reading and forging binary saves in tests (docs/save-format.md): an
 * independent CRC-32, so a test can change save bytes and fix the checksum,
 * and the little-endian fields of the envelope. */
#ifndef CRISK_TESTS_SAVE_BYTES_H
#define CRISK_TESTS_SAVE_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* CRC-32/ISO-HDLC, written apart from the library's. */
uint32_t test_crc32(const uint8_t *p, size_t n);
/* Rewrites the checksum in the last 4 bytes of a save of len bytes. */
void fix_crc(uint8_t *save, size_t len);
uint32_t get_u32(const uint8_t *p);

#endif
