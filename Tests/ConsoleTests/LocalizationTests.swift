import Console
import Core
import Testing

/// The fixture's tree run with a Korean catalog: help headings, abstracts, option help,
/// usage errors and error messages in Korean, values carried as arguments.
@Suite("Localization")
struct LocalizationTests {
    static let korean = Catalog(
        language: .ko,
        abstracts: ["": "명령줄에서 하는 나 돌보기.", "insulin": "인슐린 투여.", "insulin log": "투여를 기록해요.", "insulin list": "투여 목록을 보여 줘요."],
        options: ["--db": "데이터베이스 파일.", "insulin log --at": "맞은 시각."],
        arguments: ["insulin log <kind>": "어떤 인슐린인지."],
        errors: [
            "dose_not_found": "id가 {id}인 투여 기록이 없어요.",
            "invalid_goal.weekly": "주간 목표는 1회부터 14회까지예요.",
            "duplicate_dose.long": "{time}에 이미 {units}단위를 기록했어요.",
            "suffix.force_log": " 그래도 기록하려면 --force를 붙여 주세요.",
        ],
        phrases: ["a whole number": "정수"])

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    func run(_ line: String, catalog: Catalog = LocalizationTests.korean, failure: (any Error & Sendable)? = nil) -> Run {
        let fixture = Fixture(failure: failure)
        let (output, captured) = Output.capturing()
        let tool = CommandLineTool(root: fixture.tool.root, output: output, catalog: catalog)
        let status = tool.run(line.split(separator: " ").map(String.init))
        return Run(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }

    @Test func leafHelpIsKoreanWhereTheCatalogHasWordsAndEnglishElsewhere() {
        let result = run("insulin log --help")
        #expect(result.status == 0)
        let expected = """
            투여를 기록해요.

            Logs now unless --at says otherwise.

            사용법: tend insulin log <kind> [units] [--at <TIME>] [--note <TEXT>] [--force]

            인자:
              <kind>                  어떤 인슐린인지. (값: long, rapid)
              [units]                 Units injected.

            옵션:
              --at <TIME>             맞은 시각.
              -n, --note <TEXT>       A note.
              -f, --force             Log even if a guard refuses.
              -h, --help              도움말을 보여 줘요.

            공통 옵션:
              --db <PATH>             데이터베이스 파일.
              --json                  Print JSON.

            """
        #expect(result.stdout == expected)
    }

    @Test func groupHelpListsKoreanAbstracts() {
        let result = run("insulin --help")
        #expect(result.stdout.hasPrefix("인슐린 투여.\n"))
        #expect(result.stdout.contains("하위 명령:\n  log                     투여를 기록해요.\n  list                    투여 목록을 보여 줘요.\n"))
        #expect(result.stdout.contains("하위 명령의 자세한 도움말은 'tend insulin <subcommand> --help'로 볼 수 있어요."))
        #expect(!result.stdout.contains("USAGE"))
    }

    @Test func englishStaysTheDefault() {
        let result = run("insulin --help", catalog: .english)
        #expect(result.stdout.hasPrefix("Insulin doses.\n"))
        #expect(result.stdout.contains("SUBCOMMANDS:"))
        #expect(run("insluin", catalog: .english).stderr.hasPrefix("error: unknown command 'insluin' for 'tend'. Did you mean 'insulin'?"))
    }

    @Test func usageErrorsAreKoreanWithTheirValues() {
        let unknownCommand = run("insluin")
        #expect(unknownCommand.status == 2)
        #expect(unknownCommand.stderr == "오류: 'tend'에는 'insluin' 명령이 없어요. 혹시 'insulin'인가요?\n사용법은 'tend --help'로 볼 수 있어요.\n")
        #expect(run("insulin log long --jsn").stderr.hasPrefix("오류: 알 수 없는 옵션이에요: --jsn. 혹시 '--json'인가요?\n"))
        #expect(run("insulin log").stderr.hasPrefix("오류: 빠진 인자가 있어요: <kind>.\n"))
        #expect(run("insulin log sideways").stderr.hasPrefix(
            "오류: <kind>에 쓸 수 없는 값이에요: 'sideways'. 다음 중 하나로 써 주세요: long, rapid.\n"))
        #expect(run("insulin log long --at").stderr.hasPrefix("오류: --at 뒤에 값이 필요해요.\n"))
        #expect(run("insulin log long --force=yes").stderr.hasPrefix("오류: --force에는 값을 줄 수 없어요.\n"))
        #expect(run("hello there").stderr.hasPrefix("오류: 필요 없는 인자가 있어요: 'there'.\n"))
        // An invalid typed value: what was expected is a phrase of the catalog.
        #expect(run("insulin list --limit many").stderr.hasPrefix("오류: --limit에 쓸 수 없는 값이에요: 'many'. 이렇게 써 주세요: 정수.\n"))
    }

    @Test func errorsAreLookedUpByCodeAndKeyWithTheirArguments() {
        let notFound = run("fail", failure: AppError.notFound("no dose with id 42", code: "dose_not_found").with(["id": "42"]))
        #expect(notFound.status == 1)
        #expect(notFound.stderr == "오류: id가 42인 투여 기록이 없어요.\n")
        let goal = run("fail", failure: AppError.invalidInput("the weekly goal is 1 to 14 sessions", code: "invalid_goal").with(key: "weekly"))
        #expect(goal.stderr == "오류: 주간 목표는 1회부터 14회까지예요.\n")
        let duplicate = AppError.conflict("a long-acting dose …", code: "duplicate_dose")
            .with(key: "long", ["time": "22:10", "units": "20", "suffix": "force_log"])
        #expect(run("fail", failure: duplicate).stderr == "오류: 22:10에 이미 20단위를 기록했어요. 그래도 기록하려면 --force를 붙여 주세요.\n")
        #expect(run("fail", failure: duplicate).status == 3)
    }

    @Test func whatTheCatalogCannotSayStaysEnglish() {
        // No entry for the code, a key the catalog lacks, a placeholder without its value.
        #expect(run("fail", failure: AppError.notFound("gone", code: "photo_not_found")).stderr == "오류: gone\n")
        #expect(run("fail", failure: AppError.invalidInput("the monthly goal is 1 to 62", code: "invalid_goal").with(key: "monthly"))
            .stderr == "오류: the monthly goal is 1 to 62\n")
        #expect(run("fail", failure: AppError.notFound("no dose with id 42", code: "dose_not_found")).stderr == "오류: no dose with id 42\n")
        #expect(run("fail", failure: UsageError("--from must come before --to")).stderr.hasPrefix("오류: --from must come before --to\n"))
    }

    @Test func underJSONTheCodeStaysAndTheMessageFollowsTheLanguage() {
        let result = run("fail --json", failure: AppError.notFound("no dose with id 42", code: "dose_not_found").with(["id": "42"]))
        #expect(result.stderr == #"{"error":{"code":"dose_not_found","message":"id가 42인 투여 기록이 없어요."}}"# + "\n")
        #expect(run("insluin --json").stderr.hasPrefix(#"{"error":{"code":"usage","message":"'tend'에는 'insluin' 명령이 없어요."#))
    }

    @Test func theLanguageReachesTheCommand() {
        let fixture = Fixture()
        let tool = CommandLineTool(root: fixture.tool.root, output: fixture.output, catalog: Self.korean)
        #expect(tool.run(["insulin", "log", "long"]) == 0)
        #expect(fixture.recorder.last?.language == .ko)
        #expect(fixture.run("insulin log long") == 0)
        #expect(fixture.recorder.last?.language == .en)
    }

    @Test func theLanguageOptionIsFoundBeforeParsing() {
        #expect(CommandLineTool.languageOption(in: ["--lang", "ko", "today"]) == "ko")
        #expect(CommandLineTool.languageOption(in: ["today", "--lang=ko"]) == "ko")
        #expect(CommandLineTool.languageOption(in: ["today", "--", "--lang", "ko"]) == nil)
        #expect(CommandLineTool.languageOption(in: ["today"]) == nil)
    }

    @Test func placeholdersFillOrFail() {
        #expect(Catalog.fill("{a}와 {b}", ["a": "1", "b": "2"]) == "1와 2")
        #expect(Catalog.fill("{a}와 {b}", ["a": "1"]) == nil)
        #expect(Catalog.fill("값 없음", [:]) == "값 없음")
    }
}
