#ifndef TEND_CLIBZIP_SHIM_H
#define TEND_CLIBZIP_SHIM_H

#include <zip.h>

static inline int tend_zip_read_only(void) { return ZIP_RDONLY; }
static inline int tend_zip_stat_has_size(const zip_stat_t *stat) { return (stat->valid & ZIP_STAT_SIZE) != 0; }

#endif
