/// How the line recogniser turns the network's per-step code probabilities into text.
package enum LineDecoding: String, Sendable, CaseIterable {
    /// The best code at each step (`CharacterTable.decodeCharacters`).
    case greedy
    /// A beam over paths that ranks words of the model's own dictionaries first, as Tesseract decodes
    /// (`BeamSearch`); greedy for models without dictionaries or with multi-code characters.
    case dictionaryBeam
}
