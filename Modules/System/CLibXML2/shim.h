#ifndef TEND_CLIBXML2_SHIM_H
#define TEND_CLIBXML2_SHIM_H

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// The few types of libxml2's reader API that Tend uses, declared here as libxml2 2.9 declares
// them (its ABI, stable across 2.x): its headers sit in /usr/include/libxml2, which only
// pkg-config names, and a pkg-config module would link the library, which is what this avoids.
typedef unsigned char xmlChar;
typedef struct _xmlTextReader xmlTextReader;
typedef xmlTextReader *xmlTextReaderPtr;
typedef struct _xmlNode xmlNode;
typedef xmlNode *xmlNodePtr;
typedef struct _xmlError {
    int domain;
    int code;
    char *message;
    int level;
    char *file;
    int line;
    char *str1;
    char *str2;
    char *str3;
    int int1;
    int int2;
    void *ctxt;
    void *node;
} xmlError;
typedef int (*xmlInputReadCallback)(void *context, char *buffer, int length);
typedef int (*xmlInputCloseCallback)(void *context);
typedef void (*xmlStructuredErrorFunc)(void *context, xmlError *error);
// SAX2 (the GPX reader): the handler as libxml2 2.x lays it out; Tend fills only the few
// callbacks it needs, the others stay NULL.
typedef struct _xmlParserCtxt *xmlParserCtxtPtr;
typedef struct _xmlEntity *xmlEntityPtr;
typedef void (*tend_sax_start_ns)(void *context, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                                  int namespaceCount, const xmlChar **namespaces, int attributeCount, int defaultedCount,
                                  const xmlChar **attributes);
typedef void (*tend_sax_end_ns)(void *context, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri);
typedef void (*tend_sax_characters)(void *context, const xmlChar *characters, int length);
typedef xmlEntityPtr (*tend_sax_get_entity)(void *context, const xmlChar *name);
typedef struct {
    void *internalSubset, *isStandalone, *hasInternalSubset, *hasExternalSubset, *resolveEntity;
    tend_sax_get_entity getEntity;
    void *entityDecl, *notationDecl, *attributeDecl, *elementDecl, *unparsedEntityDecl, *setDocumentLocator,
        *startDocument, *endDocument, *startElement, *endElement, *reference;
    tend_sax_characters characters;
    tend_sax_characters ignorableWhitespace;
    void *processingInstruction, *comment, *warning, *error, *fatalError, *getParameterEntity;
    tend_sax_characters cdataBlock;
    void *externalSubset;
    unsigned int initialized;
    void *_private;
    tend_sax_start_ns startElementNs;
    tend_sax_end_ns endElementNs;
    xmlStructuredErrorFunc serror;
} tend_sax_handler_t;
#define TEND_XML_SAX2_MAGIC 0xDEEDBEAFu

// libxml2 (and the system's ICU, liblzma and zlib it pulls in) is loaded only when a GPX file or
// the USDA table is read: linked, it cost every `tend` run its relocations, and most commands
// never read XML. Swift calls only the `tend_xml*` functions below, never an `xml*` function
// directly (that would link libxml2 into the binary). The table is filled once; the calls in
// the reading loop then cost one indirect call each, as a call through the PLT does.

typedef struct {
    xmlTextReaderPtr (*readerForIO)(xmlInputReadCallback, xmlInputCloseCallback, void *, const char *, const char *, int);
    xmlTextReaderPtr (*readerForMemory)(const char *, int, const char *, const char *, int);
    void (*freeTextReader)(xmlTextReaderPtr);
    int (*read)(xmlTextReaderPtr);
    int (*next)(xmlTextReaderPtr);
    int (*nodeType)(xmlTextReaderPtr);
    int (*depth)(xmlTextReaderPtr);
    int (*isEmptyElement)(xmlTextReaderPtr);
    const xmlChar *(*constLocalName)(xmlTextReaderPtr);
    const xmlChar *(*constNamespaceUri)(xmlTextReaderPtr);
    const xmlChar *(*constValue)(xmlTextReaderPtr);
    int (*moveToAttribute)(xmlTextReaderPtr, const xmlChar *);
    int (*moveToElement)(xmlTextReaderPtr);
    int (*getParserLineNumber)(xmlTextReaderPtr);
    void (*setStructuredErrorHandler)(xmlTextReaderPtr, xmlStructuredErrorFunc, void *);
    xmlNodePtr (*currentNode)(xmlTextReaderPtr);
    long (*getLineNo)(const xmlNode *);
    xmlParserCtxtPtr (*createIOParserCtxt)(tend_sax_handler_t *, void *, xmlInputReadCallback, xmlInputCloseCallback, void *, int);
    int (*ctxtUseOptions)(xmlParserCtxtPtr, int);
    int (*parseDocument)(xmlParserCtxtPtr);
    void (*freeParserCtxt)(xmlParserCtxtPtr);
    void (*stopParser)(xmlParserCtxtPtr);
    int (*saxLineNumber)(void *);
} tend_xml_api_t;

// Initialised, so that it is a definition: a tentative one is never emitted for Swift.
static tend_xml_api_t tend_xml_api = {0};
static int tend_xml_loaded = 0;
static pthread_once_t tend_xml_once = PTHREAD_ONCE_INIT;

static inline void tend_xml_load(void) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libxml2.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    tend_xml_api_t api;
    void **slots = (void **)&api;
    static const char *const names[] = {
        "xmlReaderForIO", "xmlReaderForMemory", "xmlFreeTextReader", "xmlTextReaderRead", "xmlTextReaderNext",
        "xmlTextReaderNodeType", "xmlTextReaderDepth", "xmlTextReaderIsEmptyElement", "xmlTextReaderConstLocalName",
        "xmlTextReaderConstNamespaceUri", "xmlTextReaderConstValue", "xmlTextReaderMoveToAttribute",
        "xmlTextReaderMoveToElement", "xmlTextReaderGetParserLineNumber", "xmlTextReaderSetStructuredErrorHandler",
        "xmlTextReaderCurrentNode", "xmlGetLineNo", "xmlCreateIOParserCtxt", "xmlCtxtUseOptions", "xmlParseDocument",
        "xmlFreeParserCtxt", "xmlStopParser", "xmlSAX2GetLineNumber",
    };
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]); index++) {
        slots[index] = dlsym(library, names[index]);
        if (!slots[index]) {
            dlclose(library);
            return;
        }
    }
    tend_xml_api = api;
    __atomic_store_n(&tend_xml_loaded, 1, __ATOMIC_RELEASE);
}

/// Loads libxml2 on first use; 0 when it cannot be loaded (then no other `tend_xml*` may be called).
static inline int tend_xml_available(void) {
    pthread_once(&tend_xml_once, tend_xml_load);
    return tend_xml_loaded;
}

/// The table, loaded if need be. These statics exist once per object file that uses them (in a
/// debug build, each Swift file is one), so every call checks its own copy: one load and a
/// branch that is always taken the same way.
static inline const tend_xml_api_t *tend_xml(void) {
    if (__builtin_expect(!__atomic_load_n(&tend_xml_loaded, __ATOMIC_ACQUIRE), 0)) pthread_once(&tend_xml_once, tend_xml_load);
    return &tend_xml_api;
}

static inline xmlTextReaderPtr tend_xmlReaderForIO(xmlInputReadCallback read, xmlInputCloseCallback close, void *context,
                                                   const char *url, const char *encoding, int options) {
    return tend_xml()->readerForIO(read, close, context, url, encoding, options);
}
static inline xmlTextReaderPtr tend_xmlReaderForMemory(const char *buffer, int size, const char *url, const char *encoding, int options) {
    return tend_xml()->readerForMemory(buffer, size, url, encoding, options);
}
static inline void tend_xmlFreeTextReader(xmlTextReaderPtr reader) { tend_xml()->freeTextReader(reader); }
static inline int tend_xmlTextReaderRead(xmlTextReaderPtr reader) { return tend_xml()->read(reader); }
static inline int tend_xmlTextReaderNext(xmlTextReaderPtr reader) { return tend_xml()->next(reader); }
static inline int tend_xmlTextReaderNodeType(xmlTextReaderPtr reader) { return tend_xml()->nodeType(reader); }
static inline int tend_xmlTextReaderDepth(xmlTextReaderPtr reader) { return tend_xml()->depth(reader); }
static inline int tend_xmlTextReaderIsEmptyElement(xmlTextReaderPtr reader) { return tend_xml()->isEmptyElement(reader); }
static inline const xmlChar *tend_xmlTextReaderConstLocalName(xmlTextReaderPtr reader) { return tend_xml()->constLocalName(reader); }
static inline const xmlChar *tend_xmlTextReaderConstNamespaceUri(xmlTextReaderPtr reader) { return tend_xml()->constNamespaceUri(reader); }
static inline const xmlChar *tend_xmlTextReaderConstValue(xmlTextReaderPtr reader) { return tend_xml()->constValue(reader); }
static inline int tend_xmlTextReaderMoveToAttribute(xmlTextReaderPtr reader, const xmlChar *name) { return tend_xml()->moveToAttribute(reader, name); }
static inline int tend_xmlTextReaderMoveToElement(xmlTextReaderPtr reader) { return tend_xml()->moveToElement(reader); }
static inline int tend_xmlTextReaderGetParserLineNumber(xmlTextReaderPtr reader) { return tend_xml()->getParserLineNumber(reader); }
static inline void tend_xmlTextReaderSetStructuredErrorHandler(xmlTextReaderPtr reader, xmlStructuredErrorFunc handler, void *context) {
    tend_xml()->setStructuredErrorHandler(reader, handler, context);
}

// The SAX2 parser (GPX): no tree, no node per element; the callbacks get libxml2's own buffers.
static inline xmlParserCtxtPtr tend_xmlCreateIOParserCtxt(tend_sax_handler_t *sax, void *user, xmlInputReadCallback read,
                                                          xmlInputCloseCallback close, void *context) {
    return tend_xml()->createIOParserCtxt(sax, user, read, close, context, 0 /* XML_CHAR_ENCODING_NONE: detect */);
}
static inline int tend_xmlCtxtUseOptions(xmlParserCtxtPtr context, int options) { return tend_xml()->ctxtUseOptions(context, options); }
static inline int tend_xmlParseDocument(xmlParserCtxtPtr context) { return tend_xml()->parseDocument(context); }
static inline void tend_xmlFreeParserCtxt(xmlParserCtxtPtr context) { tend_xml()->freeParserCtxt(context); }
static inline void tend_xmlStopParser(xmlParserCtxtPtr context) { tend_xml()->stopParser(context); }
/// The line the parser is on (1-based).
static inline int tend_xml_parser_line(xmlParserCtxtPtr context) { return tend_xml()->saxLineNumber(context); }

// Parser options as plain values: never NOENT (entity substitution), DTDLOAD or HUGE.
static inline int tend_xml_safe_options(void) {
    // XML_PARSE_NONET | NOCDATA | COMPACT | NOWARNING | NOERROR | BIG_LINES (parser.h)
    return (1 << 11) | (1 << 14) | (1 << 16) | (1 << 6) | (1 << 5) | (1 << 22);
}

/// The line of the node the reader is on (the parser itself may have read ahead).
static inline long tend_xml_reader_line(xmlTextReaderPtr reader) {
    xmlNodePtr node = tend_xml()->currentNode(reader);
    long line = node ? tend_xml()->getLineNo(node) : -1;
    return line > 0 ? line : tend_xml()->getParserLineNumber(reader);
}

static inline int tend_xml_error_line(const xmlError *error) { return error ? error->line : 0; }
static inline const char *tend_xml_error_message(const xmlError *error) { return error && error->message ? error->message : "malformed XML"; }

#endif
