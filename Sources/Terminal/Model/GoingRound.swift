extension Array {
    /// The index `steps` away from `index`, going round past either end (the next tab after the
    /// last is the first): how tabs, fields, choices and flows are stepped through.
    func wrappedIndex(_ index: Int, by steps: Int) -> Int {
        ((index + steps) % count + count) % count
    }

    /// The element `steps` away from the one at `index`, going round.
    func around(_ index: Int, by steps: Int) -> Element {
        self[wrappedIndex(index, by: steps)]
    }
}

extension CaseIterable where Self: Equatable, AllCases == [Self] {
    /// The case `steps` after this one in declaration order, going round.
    func stepped(by steps: Int) -> Self {
        Self.allCases.around(Self.allCases.firstIndex(of: self)!, by: steps)
    }
}
