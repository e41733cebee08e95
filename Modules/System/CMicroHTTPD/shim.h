#ifndef TEND_CMICROHTTPD_SHIM_H
#define TEND_CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

// MHD_start_daemon is variadic and its enum constants do not import into Swift by name:
// these wrappers give Swift plain functions and values.

/// What `tend_mhd_start` configures beyond the address and the handlers.
struct tend_mhd_limits {
    unsigned int threads;
    /// Connections at once, over all addresses.
    unsigned int connection_limit;
    /// Connections at once from one IP address (0: no limit); libmicrohttpd closes the others at once.
    unsigned int per_address_limit;
    /// Seconds without a byte either way before a connection is closed.
    unsigned int idle_timeout_seconds;
    /// Bytes of memory per connection: the request line and headers must fit in it.
    size_t connection_memory;
};

/// Callbacks and their shared context (one object: the Swift server).
struct tend_mhd_callbacks {
    void *context;
    MHD_AccessHandlerCallback handler;
    MHD_RequestCompletedCallback completed;
    MHD_AcceptPolicyCallback accept_policy;
    MHD_NotifyConnectionCallback connection_changed;
    void *(*request_line)(void *cls, const char *uri, struct MHD_Connection *connection);
    MHD_LogCallback log;
};

/// Starts a daemon with an internal epoll thread pool, bound to `address`.
static inline struct MHD_Daemon *tend_mhd_start(const struct sockaddr *address, int ipv6,
                                                struct tend_mhd_limits limits,
                                                struct tend_mhd_callbacks callbacks) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_USE_TURBO;
    if (ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, 0, callbacks.accept_policy, callbacks.context,
                            callbacks.handler, callbacks.context,
                            // First, so that libmicrohttpd's messages about the other options go to it too.
                            MHD_OPTION_EXTERNAL_LOGGER, callbacks.log, callbacks.context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_THREAD_POOL_SIZE, limits.threads,
                            MHD_OPTION_CONNECTION_LIMIT, limits.connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_address_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.connection_memory,
                            MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u,
                            MHD_OPTION_NOTIFY_COMPLETED, callbacks.completed, callbacks.context,
                            MHD_OPTION_NOTIFY_CONNECTION, callbacks.connection_changed, callbacks.context,
                            MHD_OPTION_URI_LOG_CALLBACK, callbacks.request_line, callbacks.context,
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
static inline int tend_mhd_connection_started(enum MHD_ConnectionNotificationCode code) {
    return code == MHD_CONNECTION_NOTIFY_STARTED;
}

/// The connection's socket.
static inline int tend_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// What the connection-notification callback stored for this connection.
static inline void *tend_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/// Bytes of the request line and headers of the current request (0 when not known).
static inline size_t tend_mhd_request_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info ? info->header_size : 0;
}

/// Bytes that have arrived on a socket and are not read yet (-1 on error).
static inline int tend_unread_bytes(int fd) {
    int count = 0;
    return ioctl(fd, FIONREAD, &count) == 0 ? count : -1;
}

/// The client's IP address as text into `out` ("203.0.113.7", "2001:db8::1"; an IPv4-mapped
/// IPv6 address as its IPv4 form). With `prefix64`, an IPv6 address is cut to its /64 network
/// ("2001:db8:1:2::/64"): what one client usually holds. Returns 0, or -1 when not an IP address.
static inline int tend_address_text(const struct sockaddr *address, char *out, size_t size, int prefix64) {
    if (address == NULL || size < INET6_ADDRSTRLEN + 4) return -1;
    if (address->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)address;
        return inet_ntop(AF_INET, &v4->sin_addr, out, (socklen_t)size) ? 0 : -1;
    }
    if (address->sa_family == AF_INET6) {
        struct in6_addr bytes = ((const struct sockaddr_in6 *)address)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(&bytes)) {
            return inet_ntop(AF_INET, &bytes.s6_addr[12], out, (socklen_t)size) ? 0 : -1;
        }
        if (prefix64) memset(&bytes.s6_addr[8], 0, 8);
        if (!inet_ntop(AF_INET6, &bytes, out, (socklen_t)size)) return -1;
        if (prefix64) strcat(out, "/64");
        return 0;
    }
    return -1;
}

/// The client address of a connection, as `tend_address_text` writes it.
static inline int tend_mhd_client_address(struct MHD_Connection *connection, char *out, size_t size, int prefix64) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? tend_address_text(info->client_addr, out, size, prefix64) : -1;
}

#endif
