import FoundationEssentials
import Domain

/// `GPXCoding` on libxml2.
public struct LibXMLGPXCoding: GPXCoding {
    /// Files larger than this are refused before reading.
    public let maximumBytes: Int

    public init(maximumBytes: Int = 256 << 20) {
        self.maximumBytes = maximumBytes
    }

    public func read(path: String) throws -> GPXDocument {
        try LibXMLGPXReader.read(path: path, maximumBytes: maximumBytes)
    }

    public func read(data: Data, name: String) throws -> GPXDocument {
        try LibXMLGPXReader.read(data: data, name: name, maximumBytes: maximumBytes)
    }

    public func statistics(path: String) throws -> TrackStatistics {
        try LibXMLGPXReader.statistics(path: path, maximumBytes: maximumBytes)
    }

    public func statistics(data: Data, name: String) throws -> TrackStatistics {
        try LibXMLGPXReader.statistics(data: data, name: name, maximumBytes: maximumBytes)
    }

    public func write(_ document: GPXDocument) -> String {
        GPXWriter.write(document)
    }
}
