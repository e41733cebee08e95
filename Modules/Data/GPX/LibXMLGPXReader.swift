import FoundationEssentials
import CLibXML2
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// A streaming GPX reader on libxml2's SAX2 parser: one pass, no tree and no node per element
/// (the callbacks read libxml2's own buffers), so memory stays flat whatever the file's size —
/// only the points are kept, and not even those for statistics. What each element means is in
/// `GPXElementHandler`. Hostile input is refused, never followed: no network, no DTD loading,
/// no entity substitution (any entity reference but the five predefined ones is an error),
/// libxml2's own limits, and a size limit.
enum LibXMLGPXReader {
    static func read(path: String, maximumBytes: Int) throws -> GPXDocument {
        try parse(path: path, maximumBytes: maximumBytes, statistics: false).document
    }

    static func read(data: Data, name: String, maximumBytes: Int) throws -> GPXDocument {
        try parse(data: data, name: name, maximumBytes: maximumBytes, statistics: false).document
    }

    static func statistics(path: String, maximumBytes: Int) throws -> TrackStatistics {
        try parse(path: path, maximumBytes: maximumBytes, statistics: true).statistics!.statistics()
    }

    static func statistics(data: Data, name: String, maximumBytes: Int) throws -> TrackStatistics {
        try parse(data: data, name: name, maximumBytes: maximumBytes, statistics: true).statistics!.statistics()
    }

    private static func parse(path: String, maximumBytes: Int, statistics: Bool) throws -> GPXElementHandler {
        try requireLibXML2()
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw AppError.notFound("\(path): no such file", code: "file_not_found")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw AppError(.unprocessable, code: "invalid_gpx", "\(path): not a regular file")
        }
        guard Int(info.st_size) <= maximumBytes else {
            throw AppError(.tooLarge, code: "gpx_too_large", "\(path): the file is larger than \(maximumBytes >> 20) MB")
        }
        // The file is fed to libxml2 through our own reads, so that nothing is decompressed
        // behind our back (a small .gz could expand without bound) and the limit holds.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AppError(.unavailable, code: "file_unreadable", "\(path): cannot be read")
        }
        var magic: (UInt8, UInt8) = (0, 0)
        if pread(descriptor, &magic, 2, 0) == 2, magic == (0x1F, 0x8B) {
            Glibc.close(descriptor)
            throw AppError(.unprocessable, code: "invalid_gpx", "\(path):1: the file is compressed (gzip): unpack it first")
        }
        let input = Unmanaged.passRetained(BoundedFileInput(descriptor: descriptor, limit: maximumBytes)).toOpaque()
        return try run(name: path, statistics: statistics, read: tendReadInput, close: tendCloseInput, input: input)
    }

    private static func parse(data: Data, name: String, maximumBytes: Int, statistics: Bool) throws -> GPXElementHandler {
        guard data.count <= maximumBytes else {
            throw AppError(.tooLarge, code: "gpx_too_large", "\(name): the GPX is larger than \(maximumBytes >> 20) MB")
        }
        guard !data.isEmpty else { throw AppError(.unprocessable, code: "invalid_gpx", "\(name):1: the GPX is empty") }
        try requireLibXML2()
        // The bytes must outlive the parser, which reads them as it goes.
        return try data.withUnsafeBytes { bytes in
            let input = Unmanaged.passRetained(MemoryInput(bytes: bytes)).toOpaque()
            return try run(name: name, statistics: statistics, read: tendReadMemory, close: tendCloseMemory, input: input)
        }
    }

    /// Parses to the end or to the first problem. libxml2 owns `input` from here: it calls
    /// `close` when done (or when it cannot start).
    private static func run(name: String, statistics: Bool, read: xmlInputReadCallback, close: xmlInputCloseCallback,
                            input: UnsafeMutableRawPointer) throws -> GPXElementHandler {
        let handler = UnsafeMutablePointer<GPXElementHandler>.allocate(capacity: 1)
        handler.initialize(to: GPXElementHandler(name: name, statistics: statistics))
        defer {
            handler.deinitialize(count: 1)
            handler.deallocate()
        }
        var sax = makeSAXHandler()
        guard let parser = tend_xmlCreateIOParserCtxt(&sax, handler, read, close, input) else {
            throw AppError(.unavailable, code: "file_unreadable", "\(name): cannot be read")
        }
        defer { tend_xmlFreeParserCtxt(parser) }
        _ = tend_xmlCtxtUseOptions(parser, tend_xml_safe_options())
        handler.pointee.parser = parser
        let status = tend_xmlParseDocument(parser)
        if let failure = handler.pointee.failure { throw failure }
        if status != 0 {
            // The parser stopped where the document went wrong (see `serror`).
            let stopped = handler.pointee.currentLine
            let error = handler.pointee.xmlError
            throw GPXElementHandler.error(name, error?.message ?? "malformed XML", line: stopped > 0 ? stopped : error?.line ?? 1)
        }
        guard handler.pointee.sawRoot else { throw GPXElementHandler.error(name, "not a GPX file: no <gpx> element", line: 1) }
        return handler.pointee
    }

    /// The callbacks: elements, text (CDATA comes as text with NOCDATA), entity look-ups (to
    /// refuse them) and errors. Everything else — DTD declarations, comments, processing
    /// instructions — has none, so libxml2 passes over it.
    private static func makeSAXHandler() -> tend_sax_handler_t {
        var sax = tend_sax_handler_t()
        sax.initialized = TEND_XML_SAX2_MAGIC
        sax.startElementNs = { context, local, prefix, uri, _, _, count, _, attributes in
            guard let context, let local else { return }
            handler(context).pointee.startElement(local, prefix, uri, Attributes(list: attributes, count: Int(count)))
        }
        sax.endElementNs = { context, _, _, _ in
            guard let context else { return }
            handler(context).pointee.endElement()
        }
        sax.characters = { context, characters, length in
            guard let context, let characters, length > 0 else { return }
            handler(context).pointee.characters(characters, Int(length))
        }
        sax.ignorableWhitespace = sax.characters
        sax.getEntity = { context, _ in
            // Only the five predefined entities (which libxml2 resolves before asking) are read.
            // Before the root element libxml2 asks while reading a declaration, which is harmless:
            // the entity is simply never defined.
            if let context, handler(context).pointee.sawRoot {
                handler(context).pointee.fail("entity references are not allowed in a GPX file")
            }
            return nil
        }
        sax.serror = { context, error in
            guard let context else { return }
            if handler(context).pointee.xmlError == nil {
                handler(context).pointee.xmlError = (Int(tend_xml_error_line(error)), String(cString: tend_xml_error_message(error)).trimmed)
            }
            // A fatal error (not well-formed) ends the reading there, so that the line reported is
            // where the document went wrong (left alone, libxml2 reads on to the end without
            // reporting anything more). Namespace errors and warnings are not fatal.
            if let error, error.pointee.level == 3, let parser = handler(context).pointee.parser { tend_xmlStopParser(parser) }
        }
        return sax
    }

}

/// The handler behind a callback's context (a free function: a C callback captures nothing).
private func handler(_ context: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GPXElementHandler> {
    context.assumingMemoryBound(to: GPXElementHandler.self)
}

/// An element's attributes as libxml2's SAX2 gives them: five pointers each (local name,
/// prefix, namespace, value start, value end); the values are spans of its buffer.
struct Attributes {
    let list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the unprefixed attribute `name`, if present.
    func value(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let list else { return nil }
        for index in 0..<count {
            let base = index * 5
            guard let local = list[base], list[base + 1] == nil, GPXElementHandler.is(local, name),
                  let start = list[base + 3], let end = list[base + 4] else { continue }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }

    func string(_ name: StaticString) -> String? {
        value(name).map { String(decoding: $0, as: UTF8.self) }
    }
}
