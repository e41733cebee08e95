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
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <errno.h>
#include <unistd.h>
#include <netinet/tcp.h>
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
    MHD_NotifyConnectionCallback connection_changed;
    void *(*request_line)(void *cls, const char *uri, struct MHD_Connection *connection);
    MHD_LogCallback log;
};

/// Starts a daemon with an internal epoll thread pool and no socket of its own: connections
/// come to it through `MHD_add_connection` (the server's front door accepts them).
static inline struct MHD_Daemon *tend_mhd_start(struct tend_mhd_limits limits, struct tend_mhd_callbacks callbacks) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_USE_TURBO | MHD_ALLOW_SUSPEND_RESUME
                         | MHD_USE_NO_LISTEN_SOCKET;
    return MHD_start_daemon(flags, 0, NULL, NULL,
                            callbacks.handler, callbacks.context,
                            // First, so that libmicrohttpd's messages about the other options go to it too.
                            MHD_OPTION_EXTERNAL_LOGGER, callbacks.log, callbacks.context,
                            MHD_OPTION_THREAD_POOL_SIZE, limits.threads,
                            MHD_OPTION_CONNECTION_LIMIT, limits.connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_address_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.connection_memory,
                            MHD_OPTION_NOTIFY_COMPLETED, callbacks.completed, callbacks.context,
                            MHD_OPTION_NOTIFY_CONNECTION, callbacks.connection_changed, callbacks.context,
                            MHD_OPTION_URI_LOG_CALLBACK, callbacks.request_line, callbacks.context,
                            MHD_OPTION_END);
}

// The front door: a listening socket, its accepts and one epoll set, for Swift without the
// packed `struct epoll_event` and the socket flag enums.

/// A non-blocking TCP socket listening on `address` (IPv6 only for an IPv6 address), or -1 with errno.
static inline int tend_listen(const struct sockaddr *address, int ipv6, int backlog) {
    int fd = socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (ipv6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    socklen_t length = ipv6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    if (bind(fd, address, length) != 0 || listen(fd, backlog) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/// The port a socket is bound to (0 when unknown).
static inline uint16_t tend_bound_port(int fd) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return 0;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return 0;
}

/// Accepts one connection, non-blocking and close-on-exec, its peer's address into `address`.
static inline int tend_accept(int listener, struct sockaddr_storage *address, socklen_t *length) {
    *length = sizeof *address;
    return accept4(listener, (struct sockaddr *)address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

static inline int tend_wake_fd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }
static inline void tend_wake(int fd) { uint64_t one = 1; (void)!write(fd, &one, sizeof one); }
static inline void tend_wake_clear(int fd) { uint64_t count; (void)!read(fd, &count, sizeof count); }

static inline uint32_t tend_epoll_readable(void) { return EPOLLIN; }
/// New bytes on a connection, edge-triggered (each arrival is an event, though the bytes stay
/// unread), and the peer's end of sending.
static inline uint32_t tend_epoll_arrivals(void) { return EPOLLIN | EPOLLRDHUP | EPOLLET; }
static inline uint32_t tend_epoll_peer_done(void) { return EPOLLRDHUP; }
/// Both directions shut (by this process) or an error: the socket is finished.
static inline uint32_t tend_epoll_finished(void) { return EPOLLHUP | EPOLLERR; }

static inline int tend_epoll_control(int epfd, int operation, int fd, uint32_t events) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.fd = fd;
    return epoll_ctl(epfd, operation, fd, &event);
}
static inline int tend_epoll_add(int epfd, int fd, uint32_t events) { return tend_epoll_control(epfd, EPOLL_CTL_ADD, fd, events); }

static inline int tend_epoll_remove(int epfd, int fd) { return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL); }
static inline int tend_epoll_change(int epfd, int fd, uint32_t events) { return tend_epoll_control(epfd, EPOLL_CTL_MOD, fd, events); }

/// Waits for at most 64 events: each one's descriptor into `fds`, its events into `events`.
static inline int tend_epoll_wait(int epfd, int *fds, uint32_t *events, int max, int timeout_ms) {
    struct epoll_event list[64];
    if (max > 64) max = 64;
    int count = epoll_wait(epfd, list, max, timeout_ms);
    for (int i = 0; i < count; i++) {
        fds[i] = list[i].data.fd;
        events[i] = list[i].events;
    }
    return count;
}

/// Reads and drops what has arrived, at most `limit` bytes, without waiting: 0 when the peer
/// has closed (or the socket failed), 1 when nothing more is there now, 2 when `limit` was reached.
static inline int tend_discard(int fd, size_t limit) {
    char buffer[16384];
    size_t total = 0;
    while (total < limit) {
        ssize_t count = recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
        if (count > 0) { total += (size_t)count; continue; }
        if (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 1;
        if (count < 0 && errno == EINTR) continue;
        return 0;
    }
    return 2;
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
