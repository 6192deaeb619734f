/// The labels family adapts the ImageClassifier library (EfficientNet-Lite0, the ImageNet taxonomy); importing the
/// family brings it.
@_exported import ImageClassifier
