#ifndef TEND_CCURL_SHIM_H
#define TEND_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <curl/curl.h>

// libcurl (and the OpenSSL, nghttp2, … it pulls in) is loaded only when a command talks to
// tend-server: every shared library loaded at start-up slows every `tend` run, and most
// commands never leave the machine. Swift calls only the `tend_curl_*` functions below, never a
// `curl_*` function directly (that would link libcurl into the binary).

static void *tend_curl_library_handle = NULL;
static pthread_once_t tend_curl_library_once = PTHREAD_ONCE_INIT;

static inline void tend_curl_load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    CURLcode (*global_init)(long) = (CURLcode (*)(long))dlsym(library, "curl_global_init");
    if (!global_init || global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        dlclose(library);
        return;
    }
    tend_curl_library_handle = library;
}

static inline void *tend_curl_symbol(const char *name) {
    pthread_once(&tend_curl_library_once, tend_curl_load);
    return tend_curl_library_handle ? dlsym(tend_curl_library_handle, name) : NULL;
}

/// Whether libcurl could be loaded (else `tend_curl_perform` answers TEND_CURL_UNAVAILABLE).
static inline int tend_curl_available(void) {
    return tend_curl_symbol("curl_easy_perform") != NULL;
}

/// Bytes received, in memory, up to `limit`.
typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
    size_t limit;
    int overflowed;
} tend_curl_buffer;

static inline size_t tend_curl_collect(char *bytes, size_t size, size_t count, void *context) {
    tend_curl_buffer *buffer = (tend_curl_buffer *)context;
    size_t length = size * count;
    if (length == 0) return 0;
    if (length > buffer->limit || buffer->length > buffer->limit - length) {
        buffer->overflowed = 1;
        return 0; // stops the transfer: CURLE_WRITE_ERROR
    }
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16384;
        while (capacity < buffer->length + length) capacity *= 2;
        if (capacity > buffer->limit) capacity = buffer->limit;
        unsigned char *grown = (unsigned char *)realloc(buffer->data, capacity);
        if (!grown) {
            buffer->overflowed = 1;
            return 0;
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, length);
    buffer->length += length;
    return length;
}

/// One request. `body` is sent when `has_body` is set (even when empty: `Content-Length: 0`).
typedef struct {
    const char *method;
    const char *url;
    const char *const *headers;
    size_t header_count;
    const void *body;
    size_t body_length;
    int has_body;
    long timeout_milliseconds;
    size_t maximum_response_bytes;
    /// Asked before every socket libcurl opens, with the address family (AF_INET, AF_INET6) and
    /// the address's bytes (4 or 16, network order): non-zero refuses the connection, whatever
    /// name or DNS answer led there. NULL lets every address through. The environment's proxy is
    /// ignored when set (behind a proxy the check would see only the proxy).
    int (*refuses_address)(void *context, int family, const unsigned char *bytes);
    void *refuses_address_context;
    /// CURLOPT_RESOLVE entries ("host:port:address[,address]"): the addresses libcurl uses for
    /// that host and port instead of resolving the name itself.
    const char *const *resolve;
    size_t resolve_count;
} tend_curl_request;

/// The socket opener of a transfer that checks addresses: asked for every address libcurl is
/// about to connect to, after every DNS answer, so a name cannot re-bind past the check.
static curl_socket_t tend_curl_open_socket(void *client, curlsocktype purpose, struct curl_sockaddr *address) {
    (void)purpose;
    const tend_curl_request *request = (const tend_curl_request *)client;
    if (address->family == AF_INET) {
        const unsigned char *bytes = (const unsigned char *)&((const struct sockaddr_in *)&address->addr)->sin_addr.s_addr;
        if (request->refuses_address(request->refuses_address_context, AF_INET, bytes)) return CURL_SOCKET_BAD;
    } else if (address->family == AF_INET6) {
        const unsigned char *bytes = ((const struct sockaddr_in6 *)&address->addr)->sin6_addr.s6_addr;
        if (request->refuses_address(request->refuses_address_context, AF_INET6, bytes)) return CURL_SOCKET_BAD;
    } else {
        return CURL_SOCKET_BAD; // only IP: nothing else can be checked
    }
    return socket(address->family, address->socktype, address->protocol);
}

/// Outcomes of `tend_curl_perform`.
#define TEND_CURL_OK 0
/// No answer came: refused, DNS, TLS, connection reset.
#define TEND_CURL_UNREACHABLE 1
#define TEND_CURL_TIMED_OUT 2
/// The answer was larger than `maximum_response_bytes`.
#define TEND_CURL_TOO_LARGE 3
/// libcurl could not be loaded.
#define TEND_CURL_UNAVAILABLE 4
/// Anything else libcurl refused (a malformed URL, out of memory).
#define TEND_CURL_FAILED 5

typedef struct {
    int outcome;
    int curl_code;
    long status;
    /// The body of the answer, then its header lines as received (status lines included).
    tend_curl_buffer body;
    tend_curl_buffer headers;
    char error[CURL_ERROR_SIZE];
} tend_curl_response;

/// Performs one whole exchange: no redirects followed, TLS verified, `timeout_milliseconds` for
/// all of it. Free the response with `tend_curl_response_free` whatever the outcome.
static inline int tend_curl_perform(const tend_curl_request *request, tend_curl_response *response) {
    memset(response, 0, sizeof(*response));
    response->body.limit = request->maximum_response_bytes;
    response->headers.limit = 1 << 20;

    CURL *(*easy_init)(void) = (CURL *(*)(void))tend_curl_symbol("curl_easy_init");
    void (*easy_cleanup)(CURL *) = (void (*)(CURL *))tend_curl_symbol("curl_easy_cleanup");
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...) = (CURLcode (*)(CURL *, CURLoption, ...))tend_curl_symbol("curl_easy_setopt");
    CURLcode (*easy_perform)(CURL *) = (CURLcode (*)(CURL *))tend_curl_symbol("curl_easy_perform");
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...) = (CURLcode (*)(CURL *, CURLINFO, ...))tend_curl_symbol("curl_easy_getinfo");
    const char *(*easy_strerror)(CURLcode) = (const char *(*)(CURLcode))tend_curl_symbol("curl_easy_strerror");
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *) =
        (struct curl_slist *(*)(struct curl_slist *, const char *))tend_curl_symbol("curl_slist_append");
    void (*slist_free_all)(struct curl_slist *) = (void (*)(struct curl_slist *))tend_curl_symbol("curl_slist_free_all");
    if (!easy_init || !easy_cleanup || !easy_setopt || !easy_perform || !easy_getinfo || !easy_strerror || !slist_append || !slist_free_all) {
        response->outcome = TEND_CURL_UNAVAILABLE;
        return response->outcome;
    }

    CURL *curl = easy_init();
    if (!curl) {
        response->outcome = TEND_CURL_FAILED;
        strncpy(response->error, "libcurl could not start a transfer", CURL_ERROR_SIZE - 1);
        return response->outcome;
    }
    struct curl_slist *headers = NULL;
    for (size_t index = 0; index < request->header_count; index++) {
        struct curl_slist *appended = slist_append(headers, request->headers[index]);
        if (appended) headers = appended;
    }
    struct curl_slist *resolve = NULL;
    for (size_t index = 0; index < request->resolve_count; index++) {
        struct curl_slist *appended = slist_append(resolve, request->resolve[index]);
        if (appended) resolve = appended;
    }

    easy_setopt(curl, CURLOPT_ERRORBUFFER, response->error);
    easy_setopt(curl, CURLOPT_URL, request->url);
    easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->timeout_milliseconds);
    easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->timeout_milliseconds);
    easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->maximum_response_bytes);
    easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    if (request->refuses_address) {
        easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, tend_curl_open_socket);
        easy_setopt(curl, CURLOPT_OPENSOCKETDATA, (void *)request);
        // No proxy from the environment: behind one, the check would see only the proxy.
        easy_setopt(curl, CURLOPT_PROXY, "");
    }
    if (resolve) easy_setopt(curl, CURLOPT_RESOLVE, resolve);
    easy_setopt(curl, CURLOPT_WRITEFUNCTION, tend_curl_collect);
    easy_setopt(curl, CURLOPT_WRITEDATA, &response->body);
    easy_setopt(curl, CURLOPT_HEADERFUNCTION, tend_curl_collect);
    easy_setopt(curl, CURLOPT_HEADERDATA, &response->headers);

    if (strcmp(request->method, "HEAD") == 0) {
        easy_setopt(curl, CURLOPT_NOBODY, 1L);
    } else if (strcmp(request->method, "GET") == 0 && !request->has_body) {
        easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    } else {
        easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request->method);
        if (request->has_body) {
            easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
            easy_setopt(curl, CURLOPT_POSTFIELDS, request->body_length ? request->body : "");
        }
    }

    CURLcode code = easy_perform(curl);
    response->curl_code = (int)code;
    if (code == CURLE_OK) {
        easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
        response->outcome = TEND_CURL_OK;
    } else {
        if (!response->error[0]) strncpy(response->error, easy_strerror(code), CURL_ERROR_SIZE - 1);
        switch (code) {
        case CURLE_OPERATION_TIMEDOUT:
            response->outcome = TEND_CURL_TIMED_OUT;
            break;
        case CURLE_FILESIZE_EXCEEDED:
            response->outcome = TEND_CURL_TOO_LARGE;
            break;
        case CURLE_WRITE_ERROR:
            response->outcome = response->body.overflowed || response->headers.overflowed ? TEND_CURL_TOO_LARGE : TEND_CURL_FAILED;
            break;
        case CURLE_URL_MALFORMAT:
        case CURLE_UNSUPPORTED_PROTOCOL:
        case CURLE_OUT_OF_MEMORY:
        case CURLE_FAILED_INIT:
            response->outcome = TEND_CURL_FAILED;
            break;
        default:
            response->outcome = TEND_CURL_UNREACHABLE;
            break;
        }
    }
    easy_cleanup(curl);
    slist_free_all(headers);
    slist_free_all(resolve);
    return response->outcome;
}

static inline void tend_curl_response_free(tend_curl_response *response) {
    free(response->body.data);
    free(response->headers.data);
    response->body.data = NULL;
    response->headers.data = NULL;
}

/// What went wrong, for a person (never holds a header, so never the token).
static inline const char *tend_curl_error_text(const tend_curl_response *response) {
    return response->error;
}

// MARK: - Host names as libcurl reads them

/// libcurl's own reading of a URL's host (`curl_url`): percent-decoded, its IPv4 forms written
/// dotted, an IPv6 literal in brackets without its zone. Returns 0 and a malloc'd string in
/// `*host`, -1 when libcurl cannot be loaded, or libcurl's CURLUcode when it refuses the URL.
static inline int tend_curl_url_host(const char *url, char **host) {
    *host = NULL;
    CURLU *(*url_new)(void) = (CURLU *(*)(void))tend_curl_symbol("curl_url");
    void (*url_cleanup)(CURLU *) = (void (*)(CURLU *))tend_curl_symbol("curl_url_cleanup");
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int) =
        (CURLUcode (*)(CURLU *, CURLUPart, const char *, unsigned int))tend_curl_symbol("curl_url_set");
    CURLUcode (*url_get)(const CURLU *, CURLUPart, char **, unsigned int) =
        (CURLUcode (*)(const CURLU *, CURLUPart, char **, unsigned int))tend_curl_symbol("curl_url_get");
    void (*curl_release)(void *) = (void (*)(void *))tend_curl_symbol("curl_free");
    if (!url_new || !url_cleanup || !url_set || !url_get || !curl_release) return -1;
    CURLU *handle = url_new();
    if (!handle) return -1;
    char *part = NULL;
    CURLUcode code = url_set(handle, CURLUPART_URL, url, 0);
    if (code == CURLUE_OK) code = url_get(handle, CURLUPART_HOST, &part, 0);
    if (code == CURLUE_OK && part) {
        *host = strdup(part);
        curl_release(part);
    }
    url_cleanup(handle);
    return code == CURLUE_OK && *host ? 0 : (int)code;
}

static void *tend_idn2_library_handle = NULL;
static pthread_once_t tend_idn2_library_once = PTHREAD_ONCE_INIT;

static inline void tend_idn2_load(void) {
    void *library = dlopen("libidn2.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libidn2.so", RTLD_NOW | RTLD_LOCAL);
    tend_idn2_library_handle = library;
}

/// A host name that is not ASCII as libcurl converts it before resolving it (lib/idn.c, libidn2):
/// UTS #46 non-transitional processing of NFC input, and transitional processing when that fails.
/// UTF-8 in, whatever the locale (libcurl converts from the locale's charset first; in any other
/// charset than UTF-8 it refuses such a name outright). Returns 0 and a malloc'd ACE name in
/// `*output`, -1 when libidn2 cannot be loaded, or libidn2's (negative) error.
static inline int tend_idn2_to_ascii(const char *input, char **output) {
    *output = NULL;
    pthread_once(&tend_idn2_library_once, tend_idn2_load);
    if (!tend_idn2_library_handle) return -1;
    int (*lookup)(const unsigned char *, unsigned char **, int) =
        (int (*)(const unsigned char *, unsigned char **, int))dlsym(tend_idn2_library_handle, "idn2_lookup_u8");
    void (*release)(void *) = (void (*)(void *))dlsym(tend_idn2_library_handle, "idn2_free");
    if (!lookup) return -1;
    enum { IDN2_NFC_INPUT = 1, IDN2_TRANSITIONAL = 4, IDN2_NONTRANSITIONAL = 8 };
    unsigned char *ace = NULL;
    int code = lookup((const unsigned char *)input, &ace, IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL);
    if (code != 0) {
        ace = NULL;
        code = lookup((const unsigned char *)input, &ace, IDN2_TRANSITIONAL);
    }
    if (code != 0 || !ace) return code != 0 ? code : -2;
    *output = strdup((const char *)ace);
    if (release) release(ace); else free(ace);
    return *output ? 0 : -2;
}

#endif
