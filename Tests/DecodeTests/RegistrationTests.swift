import DecodeStages
import Runner
import Testing

@Suite("decode registration")
struct RegistrationTests {
    @Test("registerDecodeStages adds the folder source and the vips.decode stage")
    func registers() {
        var registry = StageRegistry()
        #expect(!registry.stageKinds.contains("vips.decode"))
        registry.registerDecodeStages()
        #expect(registry.stageKinds.contains("vips.decode"))
        #expect(registry.sourceKinds.contains("folder"))
    }
}
