/// The fingerprint family adapts the Similarity library (moments, similar search); importing the family brings it.
@_exported import Similarity
