/// A pointer handed to the threads of one `PackedLinear.apply` call, which write disjoint output columns
/// and return before the buffers they point into go away.
struct SharedPointer<Pointee>: @unchecked Sendable {
    let pointer: Pointee?
    init(_ pointer: Pointee?) { self.pointer = pointer }
}
