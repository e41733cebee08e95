#ifndef TEND_CLIBZIP_SHIM_H
#define TEND_CLIBZIP_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <zip.h>

// libzip (and the OpenSSL it pulls in) is loaded only when a command reads a zip: every shared
// library loaded at start-up slows every `tend` run, and only `tend food import-usda` needs it.

static inline void *tend_zip_symbol(const char *name) {
    static void *library = NULL;
    if (!library) library = dlopen("libzip.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libzip.so", RTLD_NOW | RTLD_LOCAL);
    return library ? dlsym(library, name) : NULL;
}

/// Whether libzip could be loaded (else the functions below must not be called).
static inline int tend_zip_available(void) { return tend_zip_symbol("zip_open") != NULL; }

static inline zip_t *tend_zip_open(const char *path, int flags, int *error) {
    zip_t *(*open)(const char *, int, int *) = (zip_t *(*)(const char *, int, int *))tend_zip_symbol("zip_open");
    return open ? open(path, flags, error) : NULL;
}

static inline void tend_zip_discard(zip_t *archive) {
    void (*discard)(zip_t *) = (void (*)(zip_t *))tend_zip_symbol("zip_discard");
    if (discard) discard(archive);
}

static inline zip_int64_t tend_zip_get_num_entries(zip_t *archive, zip_flags_t flags) {
    zip_int64_t (*count)(zip_t *, zip_flags_t) = (zip_int64_t (*)(zip_t *, zip_flags_t))tend_zip_symbol("zip_get_num_entries");
    return count ? count(archive, flags) : -1;
}

static inline void tend_zip_stat_init(zip_stat_t *stat) {
    void (*init)(zip_stat_t *) = (void (*)(zip_stat_t *))tend_zip_symbol("zip_stat_init");
    if (init) init(stat);
}

static inline int tend_zip_stat_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *stat) {
    int (*statIndex)(zip_t *, zip_uint64_t, zip_flags_t, zip_stat_t *) =
        (int (*)(zip_t *, zip_uint64_t, zip_flags_t, zip_stat_t *))tend_zip_symbol("zip_stat_index");
    return statIndex ? statIndex(archive, index, flags, stat) : -1;
}

static inline zip_file_t *tend_zip_fopen_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags) {
    zip_file_t *(*fopenIndex)(zip_t *, zip_uint64_t, zip_flags_t) =
        (zip_file_t *(*)(zip_t *, zip_uint64_t, zip_flags_t))tend_zip_symbol("zip_fopen_index");
    return fopenIndex ? fopenIndex(archive, index, flags) : NULL;
}

static inline zip_int64_t tend_zip_fread(zip_file_t *file, void *buffer, zip_uint64_t length) {
    zip_int64_t (*fread)(zip_file_t *, void *, zip_uint64_t) = (zip_int64_t (*)(zip_file_t *, void *, zip_uint64_t))tend_zip_symbol("zip_fread");
    return fread ? fread(file, buffer, length) : -1;
}

static inline int tend_zip_fclose(zip_file_t *file) {
    int (*fclose)(zip_file_t *) = (int (*)(zip_file_t *))tend_zip_symbol("zip_fclose");
    return fclose ? fclose(file) : -1;
}

static inline int tend_zip_read_only(void) { return ZIP_RDONLY; }
static inline int tend_zip_stat_has_size(const zip_stat_t *stat) { return (stat->valid & ZIP_STAT_SIZE) != 0; }

// Reading a Tend export (`tend import`): a consistency check on open, compressed sizes and
// encryption for the limits, and the error of a read that failed (a CRC mismatch).

static inline int tend_zip_check_consistency(void) { return ZIP_CHECKCONS; }
static inline int tend_zip_stat_has_comp_size(const zip_stat_t *stat) { return (stat->valid & ZIP_STAT_COMP_SIZE) != 0; }
static inline int tend_zip_stat_is_encrypted(const zip_stat_t *stat) {
    return (stat->valid & ZIP_STAT_ENCRYPTION_METHOD) != 0 && stat->encryption_method != ZIP_EM_NONE;
}

static inline const char *tend_zip_file_strerror(zip_file_t *file) {
    const char *(*strerror)(zip_file_t *) = (const char *(*)(zip_file_t *))tend_zip_symbol("zip_file_strerror");
    return strerror ? strerror(file) : "unknown error";
}

static inline const char *tend_zip_strerror(zip_t *archive) {
    const char *(*strerror)(zip_t *) = (const char *(*)(zip_t *))tend_zip_symbol("zip_strerror");
    return strerror ? strerror(archive) : "unknown error";
}

#endif
