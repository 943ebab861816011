import ClubhouseDomain

/// What a screen's coordinator is besides a flow (a form, a list, a screen with marks), asked of
/// it rather than cast.
///
/// A cast such as `coordinator as? any FormCoordinator` is free in the source but not at run
/// time: the first time the runtime meets a class with a protocol, it scans every conformance
/// record in the binary (about 10 900 in the CLI, some 280 000 instructions each). Restoring
/// the navigation tree met some 40 such pairs before every command (issue 31). Here each role is
/// a requirement of `FlowCoordinator` whose default is nil, and each refining protocol's default
/// answers `self`: the compiler picks the answer when it compiles the class (every coordinator is
/// a final class, so no subclass can miss its role). `CoordinatorRolesTests` checks that each
/// answer is the cast's.
extension FlowCoordinator {
    package var asForm: (any FormCoordinator)? { nil }
    package var asSelecting: (any SelectingCoordinator)? { nil }
    package var asList: (any ListCoordinator)? { nil }
    package var asShortList: (any ShortListCoordinator)? { nil }
    package var asMarking: (any MarkingCoordinator)? { nil }
    package var asModalFlow: (any ModalFlowCoordinator)? { nil }
}

extension FormCoordinator {
    package var asForm: (any FormCoordinator)? { self }
}

extension SelectingCoordinator {
    package var asSelecting: (any SelectingCoordinator)? { self }
}

extension ListCoordinator {
    package var asList: (any ListCoordinator)? { self }
}

extension ShortListCoordinator {
    package var asShortList: (any ShortListCoordinator)? { self }
}

extension MarkingCoordinator {
    package var asMarking: (any MarkingCoordinator)? { self }
}

extension ModalFlowCoordinator {
    package var asModalFlow: (any ModalFlowCoordinator)? { self }
}
