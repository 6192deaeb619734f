/// The reading family adapts the LineRecognition library (the LSTM line recogniser); importing the family brings it.
@_exported import LineRecognition
