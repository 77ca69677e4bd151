/*
** version.c: mp_version, the version of the library a program runs with (meeple.h's
** MP_VERSION_* say the version it was compiled against). The build stops when meeple.h's numbers
** are not configure.ac's AC_INIT version: bump both together.
*/
#include "config.h"
#include "internal.h"

_Static_assert(MP_VERSION_MAJOR == MP_BUILD_VERSION_MAJOR && MP_VERSION_MINOR == MP_BUILD_VERSION_MINOR &&
                   MP_VERSION_PATCH == MP_BUILD_VERSION_PATCH,
               "meeple.h's MP_VERSION_MAJOR/MINOR/PATCH differ from AC_INIT's version in configure.ac");

const char *mp_version(void) { return PACKAGE_VERSION; }
