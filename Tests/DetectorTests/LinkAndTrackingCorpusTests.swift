import ObjectRules
import PrivacyFixtures
import Testing

@Suite("Generated links and tracking numbers (seed 1): every one found as generated, no near miss taken")
struct LinkAndTrackingCorpusTests {
    @Test(arguments: ["link", "tracking"])
    func everyGeneratedObjectIsFoundAndNoNearMissIs(kind: String) {
        let captures = LinkAndTrackingGenerator.captures(seed: testSeed, count: 40, kinds: [kind])
        #expect(captures.filter { !$0.objects.isEmpty }.count == 160)
        var evaluation = Evaluation()
        evaluation.addObjects(captures, book: .builtIn, everywhere: [kind], only: [kind])
        let counts = evaluation.objects[kind]!
        #expect(counts.recall == 1 && counts.precision == 1, "\(evaluation.objectMistakes)")
    }

    @Test func theGeneratorIsSeeded() {
        let first = LinkAndTrackingGenerator.captures(seed: testSeed, count: 3).map(\.text)
        #expect(first == LinkAndTrackingGenerator.captures(seed: testSeed, count: 3).map(\.text))
        #expect(first != LinkAndTrackingGenerator.captures(seed: testSeed + 1, count: 3).map(\.text))
    }
}
