import ModelEngine

extension Tensor {
    /// Row `positions[s]` of each sequence `s` of this tensor ([sequences·length, width]): the pooled token of each
    /// sequence (the end token for text, the class token for images).
    func rows(at positions: [Int], sequenceLength length: Int) -> Tensor {
        let width = shape[1]
        var result = Tensor(zeros: [positions.count, width])
        for (sequence, position) in positions.enumerated() {
            let source = (sequence * length + position) * width
            result.storage.replaceSubrange(sequence * width..<(sequence + 1) * width,
                                           with: storage[source..<(source + width)])
        }
        return result
    }
}
