import CLibXML2
import Core
#if canImport(Glibc)
import Glibc
#endif

/// libxml2 is opened with dlopen on first use (see CLibXML2's shim.h): a machine without it
/// gets this error, never a crash.
func requireLibXML2() throws {
    guard tend_xml_available() != 0 else {
        throw AppError.unavailable("libxml2 is not installed (Debian: libxml2)", code: "libxml2_missing")
    }
}

/// A file read in chunks for libxml2, refusing to go past `limit` bytes.
final class BoundedFileInput {
    let descriptor: Int32
    var remaining: Int

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        remaining = limit
    }
}

func tendReadInput(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32) -> Int32 {
    guard let context, let buffer else { return -1 }
    let input = Unmanaged<BoundedFileInput>.fromOpaque(context).takeUnretainedValue()
    var count: Int
    repeat { count = read(input.descriptor, buffer, Int(length)) } while count < 0 && errno == EINTR
    guard count >= 0 else { return -1 }
    input.remaining -= count
    return input.remaining < 0 ? -1 : Int32(count)
}

func tendCloseInput(_ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let context else { return 0 }
    let input = Unmanaged<BoundedFileInput>.fromOpaque(context).takeRetainedValue()
    return Glibc.close(input.descriptor)
}

/// Bytes already in memory (an upload), handed to libxml2 through the same reading interface
/// as a file, so that one parser set-up (and its options) serves both.
final class MemoryInput {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }
}

func tendReadMemory(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32) -> Int32 {
    guard let context, let buffer, length >= 0 else { return -1 }
    let input = Unmanaged<MemoryInput>.fromOpaque(context).takeUnretainedValue()
    let count = min(Int(length), input.bytes.count - input.offset)
    if count > 0 {
        UnsafeMutableRawPointer(buffer).copyMemory(from: input.bytes.baseAddress! + input.offset, byteCount: count)
        input.offset += count
    }
    return Int32(count)
}

func tendCloseMemory(_ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let context else { return 0 }
    Unmanaged<MemoryInput>.fromOpaque(context).release()
    return 0
}
