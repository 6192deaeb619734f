// The SQLite C API as Swift sees it, plus wrappers for what Swift cannot call directly:
// variadic functions (sqlite3_db_config) and function-pointer macros (SQLITE_TRANSIENT).
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT: SQLite copies a bound text or blob before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// Turns defensive mode on or off (no writes to the schema table, no corruption through PRAGMA writable_schema).
static inline int csqlite_db_config_defensive(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, (int *)0);
}

#endif
