import CodesStages
import Runner
import Testing
import TextStages

@Test("given a registry, when the reading stages are registered, then both kinds are known")
func readingKindsRegistered() {
    var registry = StageRegistry()
    registry.registerTextStages()
    registry.registerCodesStages()
    #expect(registry.stageKinds.contains("tesseract.text"))
    #expect(registry.stageKinds.contains("zxing.codes"))
}
