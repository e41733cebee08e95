#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered writes to a file descriptor, safe from any thread (no shared `FILE*` state).
public struct FileDescriptorStream: Sendable {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return // a closed pipe: nothing sensible left to do with the text
                }
                offset += written
            }
        }
    }

    /// Whether the stream is a terminal (colour, live redraws) rather than a pipe or file.
    public var isTerminal: Bool { isatty(descriptor) == 1 }
}

extension FileDescriptorStream {
    public static let standardOutput = FileDescriptorStream(descriptor: 1)
    public static let standardError = FileDescriptorStream(descriptor: 2)
}
