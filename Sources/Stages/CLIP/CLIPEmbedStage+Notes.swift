import Runner

extension CLIPEmbedStage: StageNotes {
    /// While no CLIP weights are installed: "vectors pending: no CLIP weights installed at PATH (...)".
    public var notes: [String] { status.isInstalled ? [] : [status.description] }
}
