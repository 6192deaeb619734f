/// The pure state of a `StageGate`: how many captures may be inside a stage at once, how many are, and who
/// waits to enter. A limit of zero is a pause; a lower limit is a throttle; closing turns every waiter away.
struct StageGateStateMachine {
    typealias Waiter = CheckedContinuation<Bool, Never>

    private(set) var limit: Int
    private(set) var inside = 0
    private var waiters: [Waiter] = []
    /// Captures waiting at the door.
    var waiting: Int { waiters.count }
    private var closed = false

    init(limit: Int) { self.limit = limit }

    enum EnterAction {
        case enter
        case refuse
        case suspend
    }

    mutating func enter() -> EnterAction {
        if closed { return .refuse }
        if inside < limit {
            inside += 1
            return .enter
        }
        return .suspend
    }

    /// Parks a worker that found the stage full; returns it at once (admitted or refused) if that changed meanwhile.
    mutating func suspend(_ waiter: Waiter) -> (Waiter, Bool)? {
        switch enter() {
        case .enter: return (waiter, true)
        case .refuse: return (waiter, false)
        case .suspend:
            waiters.append(waiter)
            return nil
        }
    }

    /// A capture left the stage; returns the waiters now admitted.
    mutating func leave() -> [Waiter] {
        precondition(inside > 0, "leave without enter")
        inside -= 1
        return admit()
    }

    /// Changes how many captures may be inside; returns the waiters now admitted.
    mutating func setLimit(_ newLimit: Int) -> [Waiter] {
        limit = max(0, newLimit)
        return admit()
    }

    /// Refuses every waiter and every later `enter`; returns the waiters to turn away.
    mutating func close() -> [Waiter] {
        closed = true
        defer { waiters.removeAll() }
        return waiters
    }

    private mutating func admit() -> [Waiter] {
        var admitted: [Waiter] = []
        while inside < limit, !waiters.isEmpty {
            inside += 1
            admitted.append(waiters.removeFirst())
        }
        return admitted
    }
}
