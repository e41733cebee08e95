import Foundation
import Testing
import Console
import Core
@testable import Composition

/// `--lang ko` (or a Korean `LANG`) gives a Korean screen: `tend today`, the insulin card, help
/// and errors. English stays the default.
@Suite("Korean")
struct KoreanTests {
    /// Every command path of the real tree, `""` for `tend` itself.
    static func paths(_ command: Command, prefix: [String] = []) -> [[String]] {
        [prefix] + command.subcommands.flatMap { paths($0, prefix: prefix + [$0.name]) }
    }

    static func commands(_ command: Command, prefix: [String] = []) -> [(path: String, command: Command)] {
        [(prefix.joined(separator: " "), command)] + command.subcommands.flatMap { commands($0, prefix: prefix + [$0.name]) }
    }

    static let tree = TendCommandLine(environment: [:]).rootCommand()

    @Test func everyCommandHasAKoreanAbstract() {
        let paths = Self.paths(Self.tree).map { $0.joined(separator: " ") }
        #expect(paths.count > 100)
        let missing = paths.filter { KoreanCatalog.abstracts[$0] == nil }
        #expect(missing.isEmpty, "no Korean abstract for: \(missing.map { "'\($0)'" }.joined(separator: ", "))")
        let stale = KoreanCatalog.abstracts.keys.filter { !paths.contains($0) }
        #expect(stale.isEmpty, "Korean abstracts for commands that do not exist: \(stale.sorted())")
    }

    @Test func everyKoreanOptionAndArgumentBelongsToARealCommand() {
        let commands = Dictionary(Self.commands(Self.tree).map { ($0.path, $0.command) }, uniquingKeysWith: { first, _ in first })
        let everyOption = Set(commands.values.flatMap { $0.options.map { "--\($0.name)" } })
        let everyArgument = Set(commands.values.flatMap { $0.arguments.map { "<\($0.name)>" } })
        for key in KoreanCatalog.options.keys {
            let parts = key.split(separator: " ").map(String.init)
            let option = parts.last!
            if parts.count == 1 {
                #expect(everyOption.contains(option), "no command has \(option)")
            } else {
                let command = commands[parts.dropLast().joined(separator: " ")]
                #expect(command?.options.contains { "--\($0.name)" == option } == true, "no option '\(key)'")
            }
        }
        for key in KoreanCatalog.arguments.keys {
            let parts = key.split(separator: " ").map(String.init)
            let argument = parts.last!
            if parts.count == 1 {
                #expect(everyArgument.contains(argument), "no command has \(argument)")
            } else {
                let command = commands[parts.dropLast().joined(separator: " ")]
                #expect(command?.arguments.contains { "<\($0.name)>" == argument } == true, "no argument '\(key)'")
            }
        }
    }

    @Test func theKoreanErrorTemplatesAreWellFormed() {
        for (key, template) in KoreanCatalog.errors {
            #expect(!template.isEmpty && !template.contains("{}"), "\(key)")
            #expect(template.filter { $0 == "{" }.count == template.filter { $0 == "}" }.count, "\(key)")
        }
    }

    // MARK: tend today

    /// A fresh in-memory container in Seoul, the clock fixed (22:30 on Monday 30 November 2026).
    static func tend(_ environment: [String: String] = [:], now: String = "2026-11-30T22:30:00+09:00") -> TendCommandLine {
        let container = try! Container.inMemory(clock: FixedClock(ISO8601.parseInstant(now)!), timeZone: "Asia/Seoul")
        return TendCommandLine(environment: ["HOME": "/nonexistent-tend-home"].merging(environment) { $1 }, container: container)
    }

    static func run(_ tend: TendCommandLine, _ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        let (output, captured) = Output.capturing()
        let status = tend.run(arguments, output: output)
        return (status, captured.stdout, captured.stderr)
    }

    @Test func todayInKoreanWithLang() throws {
        let tend = Self.tend()
        #expect(Self.run(tend, ["insulin", "log", "rapid", "4", "--at", "12:30"]).status == 0)
        let today = Self.run(tend, ["today", "--lang", "ko"])
        #expect(today.status == 0)
        let text = today.stdout
        #expect(text.hasPrefix("오늘 · 11월 30일 월요일\n"))
        #expect(text.contains("\n인슐린\n"))
        #expect(text.contains("\n  지효성: ✗ 아직 안 맞았어요 — 22:00부터 맞을 시간이에요\n"))
        #expect(text.contains("\n  속효성: 마지막 12:30 (4단위, 10시간 전) · 오늘 1번, 4단위\n"))
        #expect(text.contains("\n운동\n  0일 연속 · 이번 달 0분 · 이번 주 0/"))
        #expect(text.contains("\n러닝·등산\n  이번 주에는 아직 러닝이나 등산 기록이 없어요."))
        #expect(text.contains("\n식단\n  목표 "))
        #expect(text.contains("kcal 남았어요 · 단백질 0/"))
        for english in ["Today", "Insulin", "Long-acting", "Rapid-acting", "Training", "Activity", "Diet", "not taken", "streak", "kcal left", "protein"] {
            #expect(!text.contains(english), "English left in the Korean home: \(english)")
        }
    }

    @Test func aKoreanLANGIsEnoughAndLangEnWinsOverIt() throws {
        let tend = Self.tend(["LANG": "ko_KR.UTF-8"])
        #expect(Self.run(tend, ["insulin", "log", "long", "20", "--at", "22:14"]).status == 0)
        let korean = Self.run(tend, ["today"]).stdout
        #expect(korean.hasPrefix("오늘 · 11월 30일 월요일\n"))
        #expect(korean.contains(": ✓ 22:14에 맞았어요 (20단위)"))
        let english = Self.run(tend, ["today", "--lang", "en"]).stdout
        #expect(english.hasPrefix("Today · 2026-11-30\n"))
        #expect(english.contains(": ✓ taken at 22:14 (20 u)"))
    }

    @Test func englishStaysTheDefault() throws {
        let tend = Self.tend(["LANG": "en_US.UTF-8"])
        let today = Self.run(tend, ["today"]).stdout
        #expect(today.hasPrefix("Today · 2026-11-30\n"))
        #expect(today.contains("\nInsulin\n") && today.contains("not taken yet") && today.contains("\nTraining\n"))
        #expect(!today.contains("오늘"))
        #expect(Self.run(Self.tend(), ["--help"]).stdout.contains("USAGE: tend"))
    }

    @Test func afterMidnightTheInsulinDayIsNamedInKorean() throws {
        let tend = Self.tend(now: "2026-12-01T01:30:00+09:00")
        let today = Self.run(tend, ["today", "--lang", "ko"]).stdout
        #expect(today.hasPrefix("오늘 · 12월 1일 화요일\n"))
        #expect(today.contains("\n인슐린 · 11월 30일의 인슐린 하루예요 (하루는 04:00에 시작해요)\n"))
    }

    @Test func insulinStatusInKoreanAsACardAndALine() throws {
        let tend = Self.tend()
        #expect(Self.run(tend, ["insulin", "log", "long", "20", "--at", "22:14"]).status == 0)
        #expect(Self.run(tend, ["insulin", "log", "rapid", "4", "--at", "20:00"]).status == 0)
        let card = Self.run(tend, ["insulin", "status", "--lang", "ko"]).stdout
        #expect(card.hasPrefix("지효성: ✓ 22:14에 맞았어요 (20단위)\n"))
        // A name of one's own is kept as it is.
        #expect(Self.run(tend, ["insulin", "settings", "--long-name", "Tresiba"]).status == 0)
        #expect(Self.run(tend, ["insulin", "status", "--lang", "ko"]).stdout.hasPrefix("Tresiba: ✓ 22:14에 맞았어요 (20단위)\n"))
        #expect(card.contains(": 마지막 20:00 (4단위, 2시간 30분 전) · 오늘 1번, 4단위\n"))
        #expect(Self.run(tend, ["insulin", "status", "--format", "line", "--lang", "ko"]).stdout == "지효성 ✓ 22:14 · 속효성 2시간 30분 전 (4단위)\n")
        #expect(Self.run(tend, ["insulin", "status", "--format", "line"]).stdout == "long ✓ 22:14 · rapid 2h30m ago (4u)\n")
    }

    // MARK: Help and errors

    @Test func helpInKorean() {
        let tend = Self.tend(["LANG": "ko_KR.UTF-8"])
        let root = Self.run(tend, ["--help"]).stdout
        #expect(root.hasPrefix("Tend: 터미널에서 하는 나 돌보기"))
        #expect(root.contains("사용법: tend"))
        #expect(root.contains("공통 옵션:") || root.contains("옵션:"))
        #expect(root.contains("  --json                  텍스트 대신 JSON으로 출력해요"))
        #expect(root.contains("  insulin                 지효성·속효성 인슐린을 기록하고"))
        let log = Self.run(tend, ["insulin", "log", "--help"]).stdout
        #expect(log.hasPrefix("지금(또는 --at 시각에) 맞은 인슐린을 기록해요."))
        #expect(log.contains("인자:") && log.contains("옵션:") && log.contains("공통 옵션:"))
        #expect(log.contains("중복 방지가 막아도 기록해요."))
        #expect(!log.contains("USAGE") && !log.contains("OPTIONS"))
    }

    @Test func errorsInKorean() throws {
        let tend = Self.tend()
        let unknown = Self.run(tend, ["insluin", "--lang", "ko"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "오류: 'tend'에는 'insluin' 명령이 없어요. 혹시 'insulin'인가요?\n사용법은 'tend --help'로 볼 수 있어요.\n")
        let units = Self.run(tend, ["insulin", "log", "long", "lots", "--lang", "ko"])
        #expect(units.stderr.hasPrefix("오류: <units>에 쓸 수 없는 값이에요: 'lots'. 이렇게 써 주세요: 10이나 4.5 같은 단위 수.\n"))
        #expect(Self.run(tend, ["insulin", "delete", "abcdef1", "--lang", "ko"]).stderr == "오류: abcdef1에 해당하는 투여 기록이 없어요.\n")

        #expect(Self.run(tend, ["insulin", "log", "long", "20", "--at", "22:10"]).status == 0)
        let twice = Self.run(tend, ["insulin", "log", "long", "20", "--lang", "ko"])
        #expect(twice.status == 3)
        #expect(twice.stderr == "오류: 2026-11-30 22:10에 지효성 인슐린 20단위를 이미 기록했어요 (간격이 12시간보다 짧아요). 그래도 기록하려면 --force를 붙여 주세요.\n")
        let english = Self.run(tend, ["insulin", "log", "long", "20"])
        #expect(english.stderr.hasPrefix("error: a long-acting dose of 20 units was already logged at 22:10 on 2026-11-30"))

        let json = Self.run(tend, ["--json", "--lang", "ko", "insulin", "delete", "abcdef1"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: [String: String]]
        #expect(object?["error"]?["code"] == "dose_not_found")
        #expect(object?["error"]?["message"] == "abcdef1에 해당하는 투여 기록이 없어요.")
    }

    @Test func dailyErrorsOfOtherFeaturesInKorean() {
        let tend = Self.tend(["LANG": "ko_KR.UTF-8"])
        #expect(Self.run(tend, ["weight", "log", "500"]).stderr == "오류: 체중은 20 kg부터 400 kg까지예요 (입력: 500.0).\n")
        #expect(Self.run(tend, ["supps", "take", "magnesium"]).stderr.hasPrefix("오류: 'magnesium'이라는 보충제가 없어요"))
        #expect(Self.run(tend, ["quest", "today"]).stderr.hasPrefix("오류: 아직 여정이 없어요"))
        #expect(Self.run(tend, ["workout", "goal", "--weekly", "20"]).stderr == "오류: 주간 목표는 1회부터 14회까지예요.\n")
        #expect(Self.run(tend, ["workout", "log", "back squat 100kg"]).stderr == "오류: 'back squat 100kg': 몇 회 했나요? 예: back squat 100kg 5\n")
        #expect(Self.run(tend, ["insulin", "delete", "last"]).stderr == "오류: 아직 투여 기록이 없어요.\n")
        #expect(Self.run(tend, ["supps", "add", "creatine", "--unit", "g", "--at", "08:00"]).stderr.hasPrefix("오류: 필요한 옵션이 빠졌어요: --amount N.\n"))
    }
}
