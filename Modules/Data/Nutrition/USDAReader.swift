import FoundationEssentials
import CLibXML2
import CLibZip
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// Reads the USDA SR24 table: the `usda_sr24.jar` of Debian's cronometer package (a zip of one
/// XML file per food, opened with libzip) or a folder of those files. Each file is parsed with
/// libxml2 on its own; a damaged one is skipped and named, never half-imported.
public struct USDAReader: USDASource {
    /// No food file is anywhere near this: a larger entry is damaged or hostile.
    static let maximumEntryBytes = 1 << 20
    static let batchSize = 500

    public init() {}

    public func read(path: String, batch: ([ImportedFood]) throws -> Void) throws -> [String] {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AppError.notFound("\(path): no such file or folder", code: "file_not_found")
        }
        try requireLibXML2()
        var skipped: [String] = []
        var pending: [ImportedFood] = []
        func take(_ name: String, _ data: Data?) throws {
            guard let data, let food = USDAFoodParser.parse(data) else {
                skipped.append(name)
                return
            }
            pending.append(food)
            if pending.count >= Self.batchSize {
                try batch(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        if isDirectory {
            try readFolder(path, take)
        } else {
            try readZip(path, take)
        }
        if !pending.isEmpty { try batch(pending) }
        return skipped
    }

    private func readFolder(_ path: String, _ take: (String, Data?) throws -> Void) throws {
        var folder = path
        if FileManager.default.fileExists(atPath: path + "/usda_sr24") { folder = path + "/usda_sr24" }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xml") }.sorted()
        for name in names {
            let file = folder + "/" + name
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            let size = (attributes?[.size] as? Int) ?? 0
            try take(name, size <= Self.maximumEntryBytes ? FileManager.default.contents(atPath: file) : nil)
        }
    }

    private func readZip(_ path: String, _ take: (String, Data?) throws -> Void) throws {
        guard tend_zip_available() != 0 else {
            throw AppError.unavailable("libzip is not installed (Debian: libzip4); or give the unpacked folder", code: "libzip_missing")
        }
        var error: Int32 = 0
        guard let archive = tend_zip_open(path, tend_zip_read_only(), &error) else {
            throw AppError(.unprocessable, code: "invalid_usda", "\(path) is not a zip file (libzip error \(error))")
        }
        defer { tend_zip_discard(archive) }
        let count = tend_zip_get_num_entries(archive, 0)
        guard count >= 0 else { throw AppError(.unprocessable, code: "invalid_usda", "\(path) cannot be listed") }
        var buffer = [UInt8](repeating: 0, count: Self.maximumEntryBytes)
        for index in 0..<UInt64(count) {
            var stat = zip_stat_t()
            tend_zip_stat_init(&stat)
            guard tend_zip_stat_index(archive, index, 0, &stat) == 0, let rawName = stat.name else { continue }
            let name = String(cString: rawName)
            guard name.hasSuffix(".xml") else { continue }
            let shortName = name.split(separator: "/").last.map(String.init) ?? name
            guard tend_zip_stat_has_size(&stat) != 0, stat.size <= UInt64(Self.maximumEntryBytes),
                  let file = tend_zip_fopen_index(archive, index, 0) else {
                try take(shortName, nil)
                continue
            }
            let read = buffer.withUnsafeMutableBytes { tend_zip_fread(file, $0.baseAddress!, UInt64($0.count)) }
            tend_zip_fclose(file)
            try take(shortName, read >= 0 && UInt64(read) == stat.size ? Data(buffer[0..<Int(read)]) : nil)
        }
    }
}

/// One `<food uid name><measure amount name grams/>…<nutrient amount name/>…</food>` file.
enum USDAFoodParser {
    static func parse(_ data: Data) -> ImportedFood? {
        guard !data.isEmpty, tend_xml_available() != 0 else { return nil }
        let reader = data.withUnsafeBytes { bytes in
            tend_xmlReaderForMemory(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count), "food.xml", nil,
                               tend_xml_safe_options())
        }
        guard let reader else { return nil }
        defer { tend_xmlFreeTextReader(reader) }
        tend_xmlTextReaderSetStructuredErrorHandler(reader, tendIgnoreXMLError, nil)
        var uid: String?
        var name: String?
        var measures: [FoodMeasure] = []
        var nutrients: [(name: String, amount: Double)] = []
        var status: Int32 = 1
        while true {
            status = tend_xmlTextReaderRead(reader)
            guard status == 1 else { break }
            guard tend_xmlTextReaderNodeType(reader) == 1, let local = tend_xmlTextReaderConstLocalName(reader) else {
                if tend_xmlTextReaderNodeType(reader) == 5 { return nil } // an entity reference: never expanded
                continue
            }
            let element = String(cString: UnsafeRawPointer(local).assumingMemoryBound(to: CChar.self))
            switch element {
            case "food":
                uid = attribute(reader, "uid")
                name = attribute(reader, "name")
            case "measure":
                guard let measureName = attribute(reader, "name"), let grams = number(attribute(reader, "grams")),
                      grams > 0 else { return nil }
                measures.append(FoodMeasure(amount: number(attribute(reader, "amount")) ?? 1, name: measureName, grams: grams))
            case "nutrient":
                guard let nutrientName = attribute(reader, "name"), let amount = number(attribute(reader, "amount")) else { return nil }
                nutrients.append((nutrientName, amount))
            default:
                continue
            }
        }
        guard status == 0, let uid, !uid.isEmpty, uid.allSatisfy({ $0.isLetter || $0.isNumber }), let name, !name.isEmpty else {
            return nil
        }
        return ImportedFood(uid: uid, name: name, measures: measures, nutrients: nutrients)
    }

    static func attribute(_ reader: OpaquePointer, _ name: String) -> String? {
        guard tend_xmlTextReaderMoveToAttribute(reader, name) == 1 else { return nil }
        defer { tend_xmlTextReaderMoveToElement(reader) }
        return tend_xmlTextReaderConstValue(reader).map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    /// A value of a food file: nothing in 100 g or one measure comes near a million, so a
    /// larger number marks the file as damaged rather than reaching a total or a display.
    static func number(_ text: String?) -> Double? {
        text.flatMap(Double.init).flatMap { $0 >= 0 && $0 < 1_000_000 ? $0 : nil }
    }
}

private func tendIgnoreXMLError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {}
