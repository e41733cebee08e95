#ifndef TEND_CMICROHTTPD_SHIM_H
#define TEND_CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon is variadic and its enum constants do not import into Swift by name:
// these wrappers give Swift plain functions and values.

/// Starts a daemon with an internal epoll thread pool, bound to `address`.
static inline struct MHD_Daemon *tend_mhd_start(const struct sockaddr *address,
                                                unsigned int threads,
                                                unsigned int connection_limit,
                                                unsigned int timeout_seconds,
                                                int ipv6,
                                                MHD_AccessHandlerCallback handler, void *handler_cls,
                                                MHD_RequestCompletedCallback completed, void *completed_cls) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_USE_TURBO;
    if (ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_END);
}

static inline uint16_t tend_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

static inline unsigned int tend_mhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

/// A response that owns a copy of `size` bytes at `data`.
static inline struct MHD_Response *tend_mhd_response(const void *data, size_t size) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

static inline enum MHD_Result tend_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result tend_mhd_no(void) { return MHD_NO; }
static inline enum MHD_ValueKind tend_mhd_header_kind(void) { return MHD_HEADER_KIND; }
static inline enum MHD_ValueKind tend_mhd_query_kind(void) { return MHD_GET_ARGUMENT_KIND; }

#endif
