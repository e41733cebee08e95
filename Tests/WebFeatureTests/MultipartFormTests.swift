import Foundation
import Testing
import Core
@testable import WebFeature

@Suite("Web app: the multipart/form-data parser")
struct MultipartFormTests {
    static let type = "multipart/form-data; boundary=XyZ"

    static func body(_ text: String) -> Data { Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8) }

    @Test func fieldsAndAFile() throws {
        let body = Self.body("""
        preamble a client may send
        --XyZ
        Content-Disposition: form-data; name="csrf"

        abc
        --XyZ\t
        Content-Disposition: form-data; name="caption"

        first snow
        second line
        --XyZ
        Content-Disposition: form-data; name="caption"

        a repeated field does not override the first
        --XyZ
        Content-Disposition: form-data; name="photo"; filename="IMG 1.jpg"
        Content-Type: image/jpeg

        \u{00FF}bytes
        --XyZ--
        epilogue
        """)
        let form = try MultipartForm(body, contentType: Self.type, maximumFileSize: 100)
        #expect(form.fields["csrf"] == "abc")
        #expect(form.fields["caption"] == "first snow\nsecond line")
        let file = try #require(form.files["photo"])
        #expect(file.filename == "IMG 1.jpg" && file.contentType == "image/jpeg")
        #expect(file.data == Data("\u{00FF}bytes".utf8))
    }

    @Test func aQuotedBoundaryAndAnEmptyFileInput() throws {
        let body = Self.body("""
        --a b"c
        Content-Disposition: form-data; name="photo"; filename=""
        Content-Type: application/octet-stream


        --a b"c--

        """)
        // A browser quotes a boundary with a space; this one's quote is part of the boundary.
        #expect(MultipartForm.boundary(#"multipart/form-data; boundary="a b""#) == "a b")
        let form = try MultipartForm(body, contentType: #"multipart/form-data; boundary=a b"c"#, maximumFileSize: 100)
        #expect(form.files.isEmpty)
    }

    @Test func limitsAndDamage() throws {
        let big = Self.body("--XyZ\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\n\n")
            + Data(count: 101) + Self.body("\n--XyZ--\n")
        #expect(throws: AppError.self) { try MultipartForm(big, contentType: Self.type, maximumFileSize: 100) }
        do {
            _ = try MultipartForm(big, contentType: Self.type, maximumFileSize: 100)
        } catch let error as AppError {
            #expect(error.code == "image_too_large" && error.kind == .tooLarge)
        }
        let tooLong = Data(count: MultipartForm.bodyLimit(maximumFileSize: 10) + 1)
        #expect((try? MultipartForm(tooLong, contentType: Self.type, maximumFileSize: 10)) == nil)

        let parts = (0...MultipartForm.maximumParts).map { "--XyZ\nContent-Disposition: form-data; name=\"f\($0)\"\n\nx\n" }.joined()
        #expect(Self.code(Self.body(parts + "--XyZ--\n")) == "invalid_form")
        #expect(Self.code(Self.body("--XyZ\nContent-Disposition: form-data; name=\"a\"\n\nno end")) == "invalid_form")
        #expect(Self.code(Self.body("--XyZ\nContent-Disposition: form-data\n\nx\n--XyZ--")) == "invalid_form")
        #expect(Self.code(Self.body("--XyZ\nX-Long: \(String(repeating: "a", count: 9000))\n\nx\n--XyZ--")) == "invalid_form")
        #expect(Self.code(Self.body("--XyZ\nContent-Disposition: form-data; name=\"a\"\n\nbell\u{07}\n--XyZ--")) == "invalid_text")
        #expect(Self.code(Self.body("nothing here"), type: "multipart/form-data") == "invalid_form")
        #expect(Self.code(Self.body("--XyZ--"), type: "text/plain; boundary=XyZ") == "invalid_form")
        let twoFiles = "--XyZ\nContent-Disposition: form-data; name=\"a\"; filename=\"a\"\n\n1\n"
            + "--XyZ\nContent-Disposition: form-data; name=\"b\"; filename=\"b\"\n\n2\n--XyZ--"
        #expect(Self.code(Self.body(twoFiles)) == "invalid_form")
    }

    static func code(_ body: Data, type: String = MultipartFormTests.type) -> String? {
        do {
            _ = try MultipartForm(body, contentType: type, maximumFileSize: 100)
            return nil
        } catch let error as AppError {
            return error.code
        } catch {
            return "\(error)"
        }
    }
}
