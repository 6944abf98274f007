/* The runtime version, taken from the header macros so both always agree. */
#include "catanrisk/common.h"

#define VERSION_TEXT_(a, b, c) #a "." #b "." #c
#define VERSION_TEXT(a, b, c) VERSION_TEXT_(a, b, c)

CRISK_API const char *crisk_version(int *major, int *minor, int *patch)
{
	if (major)
		*major = CRISK_VERSION_MAJOR;
	if (minor)
		*minor = CRISK_VERSION_MINOR;
	if (patch)
		*patch = CRISK_VERSION_PATCH;
	return VERSION_TEXT(CRISK_VERSION_MAJOR, CRISK_VERSION_MINOR, CRISK_VERSION_PATCH);
}
