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

/// The first error libxml2 reported, with its line.
final class ErrorSink {
    var first: (line: Int, message: String)?
}

/// libxml2's structured error callback: remembers the first error with its line.
func tendRecordXMLError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let context else { return }
    let sink = Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue()
    guard sink.first == nil else { return }
    sink.first = (Int(tend_xml_error_line(error)), String(cString: tend_xml_error_message(error)).trimmed)
}
