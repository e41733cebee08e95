#ifndef TEND_CSQLITE_SHIM_H
#define TEND_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro that Swift cannot import: tell SQLite to copy bound values.
static inline sqlite3_destructor_type tend_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
