#ifndef TEND_CLIBXML2_SHIM_H
#define TEND_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU, and its headers would pull in the system's ICU, which clashes
// with the toolchain's own (_FoundationICU). Tend never touches the encoding handler structs
// whose layout this changes, so the ICU part of the headers is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>

// xmlFree is a global function-pointer variable, which Swift 6 treats as shared mutable state.
static inline void tend_xml_free(void *pointer) { xmlFree(pointer); }

// Parser options as plain values: never NOENT (entity substitution), DTDLOAD or HUGE.
static inline int tend_xml_safe_options(void) {
    return XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_COMPACT | XML_PARSE_NOWARNING | XML_PARSE_NOERROR | XML_PARSE_BIG_LINES;
}

/// The line of the node the reader is on (the parser itself may have read ahead).
static inline long tend_xml_reader_line(xmlTextReaderPtr reader) {
    xmlNodePtr node = xmlTextReaderCurrentNode(reader);
    long line = node ? xmlGetLineNo(node) : -1;
    return line > 0 ? line : xmlTextReaderGetParserLineNumber(reader);
}

static inline int tend_xml_error_line(const xmlError *error) { return error ? error->line : 0; }
static inline const char *tend_xml_error_message(const xmlError *error) { return error && error->message ? error->message : "malformed XML"; }

#endif
