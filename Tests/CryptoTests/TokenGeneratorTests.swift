import Foundation
import Testing
import Domain
@testable import Crypto

@Suite("SodiumTokenGenerator")
struct TokenGeneratorTests {
    let generator = SodiumTokenGenerator()
    static let urlSafe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// Decodes unpadded URL-safe base64 with Foundation's standard decoder.
    static func decode(_ text: String) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard)
    }

    @Test func tokenIs43URLSafeCharactersOf32Bytes() throws {
        for _ in 0..<50 {
            let token = generator.makeToken()
            #expect(token.count == 43)
            #expect(token.allSatisfy { Self.urlSafe.contains($0) }, "\(token)")
            #expect(!token.contains("="))
            let bytes = try #require(Self.decode(token))
            #expect(bytes.count == 32)
        }
    }

    @Test func tokensAreUniqueOver1000Draws() {
        let tokens = (0..<1000).map { _ in generator.makeToken() }
        #expect(Set(tokens).count == 1000)
    }

    @Test func tokensUseTheWholeAlphabet() {
        // 1000 tokens are 43,000 characters: every one of the 64 should appear, "-" and "_" included.
        let seen = Set((0..<1000).flatMap { _ in generator.makeToken() })
        #expect(seen == Self.urlSafe)
    }

    @Test func hashIs64LowercaseHexCharacters() {
        for token in (0..<100).map({ _ in generator.makeToken() }) + ["", "a", "\u{0}"] {
            let hash = generator.hash(token)
            #expect(hash.count == 64)
            #expect(hash.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }, "\(hash)")
        }
    }

    @Test func hashIsBLAKE2b256() {
        // Unkeyed BLAKE2b with a 32-byte digest (RFC 7693), checked against Python's hashlib.
        #expect(generator.hash("") == "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8")
        #expect(generator.hash("abc") == "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319")
    }

    /// BLAKE2b-256 of the token's UTF-8 bytes, as Python's hashlib computes it.
    @Test func hashIsBLAKE2bOfTheToken() {
        #expect(generator.hash("tend-token-known-answer") == "02920089f81485d74831767ce4d7c2a0a42d48e572f82529b6a5364bcfee80cc")
        let token = generator.makeToken()
        #expect(SodiumTokenGenerator().hash(token) == generator.hash(token)) // another instance, the same hash
    }

    @Test func differentTokensHashDifferently() {
        let tokens = (0..<200).map { _ in generator.makeToken() }
        #expect(Set(tokens.map(generator.hash)).count == 200)
        #expect(generator.hash("token-a") != generator.hash("token-b"))
        #expect(generator.hash("Token") != generator.hash("token"))
    }

    @Test func hashIsNotTheToken() {
        let token = generator.makeToken()
        #expect(!generator.hash(token).contains(token))
    }

    @Test func usableAsTheDomainProtocol() {
        let generator: any TokenGenerator = SodiumTokenGenerator()
        #expect(generator.makeToken().count == 43)
        #expect(generator.hash("x").count == 64)
    }
}

@Suite("Base64URL")
struct Base64URLTests {
    static let vectors: [(String, String)] = [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ]

    @Test(arguments: vectors)
    func rfc4648VectorsUnpadded(input: String, expected: String) {
        #expect(Base64URL.encode(Array(input.utf8)) == expected)
    }

    @Test func urlSafeAlphabetReplacesPlusAndSlash() {
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64URL.encode([0xfb, 0xef, 0xbe]) == "----")
        #expect(Base64URL.encode([0xff, 0xff, 0xff]) == "____")
        #expect(Base64URL.encode([0x00, 0x00, 0x00]) == "AAAA")
        #expect(Base64URL.encode([0x00]) == "AA")
    }

    @Test func agreesWithFoundationForEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == expected, "length \(length)")
            #expect(Base64URL.encode(bytes).count == (length * 4 + 2) / 3)
        }
    }
}
