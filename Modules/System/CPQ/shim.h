#ifndef TEND_CPQ_SHIM_H
#define TEND_CPQ_SHIM_H

// libpq, PostgreSQL's client library. Only the PostgreSQL module imports it, and only
// tend-server links it: `tend` never loads libpq (and the TLS and Kerberos libraries it pulls in).
#include <libpq-fe.h>

// The error fields of a result, which are macros over characters that Swift does not import.
static inline int tend_pg_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int tend_pg_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int tend_pg_diag_constraint_name(void) { return PG_DIAG_CONSTRAINT_NAME; }

#endif
