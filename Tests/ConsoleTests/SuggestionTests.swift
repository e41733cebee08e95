@testable import Console
import Testing

@Suite("Did you mean")
struct SuggestionTests {
    let commands = ["insulin", "today", "quest", "workout", "weight"]

    @Test func transpositionIsOneEdit() {
        #expect(Suggestion.closest(to: "insluin", among: commands) == "insulin")
        #expect(Suggestion.editDistance(Array("insluin"), Array("insulin")) == 1)
    }

    @Test func distancesAreCounted() {
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
        #expect(Suggestion.editDistance(Array("same"), Array("same")) == 0)
    }

    @Test func twoEditsForLongerNames() {
        #expect(Suggestion.closest(to: "wrkuot", among: commands) == "workout") // drop, swap
        #expect(Suggestion.closest(to: "qqqkout", among: commands) == nil) // three edits
        #expect(Suggestion.closest(to: "wrkout", among: commands) == "workout")
        #expect(Suggestion.closest(to: "wieght", among: commands) == "weight")
    }

    @Test func oneEditForShortNames() {
        #expect(Suggestion.closest(to: "lgo", among: ["log", "list"]) == "log")
        #expect(Suggestion.closest(to: "lst", among: ["log", "list"]) == "list")
        #expect(Suggestion.closest(to: "lsi", among: ["log", "list"]) == nil) // two edits is too many for a short name
        #expect(Suggestion.closest(to: "xyz", among: ["log", "list"]) == nil)
    }

    @Test func uniquePrefix() {
        #expect(Suggestion.closest(to: "ins", among: commands) == "insulin")
        #expect(Suggestion.closest(to: "w", among: commands) == nil) // workout and weight
    }

    @Test func closestWinsAndCaseIsIgnored() {
        #expect(Suggestion.closest(to: "TODAY", among: commands) == "today")
        #expect(Suggestion.closest(to: "lot", among: ["lots", "log"]) == "lots")
        #expect(Suggestion.closest(to: "", among: commands) == nil)
        #expect(Suggestion.closest(to: "anything", among: []) == nil)
    }
}
