import Captures
import Runner

/// The `focus.laplacian` stage: how sharp each capture is and whether it is out of focus (see `FocusRule`).
public struct FocusStage: Stage {
    public typealias Input = DecodedCapture
    public typealias Output = FocusMeasure

    public static let kind = "focus.laplacian"
    public let meter: FocusMeter
    public let rule: FocusRule

    public init(meter: FocusMeter = FocusMeter(), rule: FocusRule = FocusRule()) {
        self.meter = meter
        self.rule = rule
    }

    public func process(_ input: DecodedCapture, context: StageContext) async throws -> FocusMeasure {
        guard input.image.width > 0, input.image.height > 0 else {
            throw FingerprintStageError.emptyImage(stage: context.stageID, capture: context.capture,
                                                   path: input.file.path)
        }
        return rule.measure(meter.statistics(of: input.image))
    }
}
