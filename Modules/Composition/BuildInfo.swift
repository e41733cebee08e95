import FoundationEssentials
import Core

/// What `tend --version` and `tend-server --version` name: the version (in the source) and the
/// commit the programs were built from.
///
/// The commit is not compiled in: `Scripts/install` and `Scripts/package` write it into
/// `build-info` beside the installed data (`<prefix>/share/tend/build-info`), so a clean clone
/// or a tarball without git builds the same way and its programs say `unknown`. A program run
/// from the build folder reads the commit from the source tree's `.git`, without running git.
public struct BuildInfo: Sendable, Equatable {
    public let version: String
    public let commit: String

    /// The `build-info` file's name in the resources folder.
    public static let fileName = "build-info"

    public static func current(resourcesPath: String) -> BuildInfo {
        if let text = try? String(contentsOfFile: resourcesPath + "/" + fileName, encoding: .utf8),
           let commit = parse(text)["commit"]?.nilIfBlank {
            return BuildInfo(version: Container.appVersion, commit: commit)
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        // Only the source tree's own data means a development run; an installed copy without
        // its file says so rather than naming whatever repository happens to be on this disk.
        guard resourcesPath == source + "/Resources", let commit = gitCommit(repository: source + "/.git") else {
            return BuildInfo(version: Container.appVersion, commit: "unknown")
        }
        return BuildInfo(version: Container.appVersion, commit: commit)
    }

    /// `tend 1.0.0 (commit 3ea28ba1c2d4)`.
    public func line(program: String) -> String {
        "\(program) \(version) (commit \(commit))"
    }

    /// `key = value` lines, as `Scripts/install` writes them.
    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            values[String(parts[0]).trimmed] = String(parts[1]).trimmed
        }
        return values
    }

    /// The commit `HEAD` names, read from the files git keeps: a detached `HEAD`, a loose ref,
    /// or `packed-refs`. Twelve hex digits; nil when any of it is missing.
    static func gitCommit(repository: String) -> String? {
        guard let head = try? String(contentsOfFile: repository + "/HEAD", encoding: .utf8).trimmed else { return nil }
        var hash = head
        if head.hasPrefix("ref: ") {
            let ref = String(head.dropFirst(5)).trimmed
            if let loose = try? String(contentsOfFile: repository + "/" + ref, encoding: .utf8) {
                hash = loose.trimmed
            } else if let packed = try? String(contentsOfFile: repository + "/packed-refs", encoding: .utf8),
                      let line = packed.split(whereSeparator: \.isNewline).first(where: { $0.hasSuffix(" " + ref) }) {
                hash = String(line.prefix { $0 != " " })
            } else {
                return nil
            }
        }
        guard hash.count >= 12, hash.allSatisfy(\.isHexDigit) else { return nil }
        return String(hash.prefix(12))
    }
}
