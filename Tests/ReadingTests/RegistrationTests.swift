import ReadingStages
import Runner
import Testing

@Test("given a registry, when the reading stages are registered, then both kinds are known")
func readingKindsRegistered() {
    var registry = StageRegistry()
    registry.registerReadingStages()
    #expect(registry.stageKinds.contains("tesseract.text"))
    #expect(registry.stageKinds.contains("zxing.codes"))
}
