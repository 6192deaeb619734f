/// A stage with something to tell the user for as long as it runs as it is now, shown in the status
/// (`detail.notes`): "vectors pending: no CLIP weights installed at PATH".
public protocol StageNotes {
    /// Sentences a UI can show as they are.
    var notes: [String] { get }
}
