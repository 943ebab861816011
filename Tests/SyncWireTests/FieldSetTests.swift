import ClubhouseDomain
import ClubhouseSyncWire
import ClubhouseWireTestSupport
import Testing

/// The typed field sets: a create must carry every field, a put overwrites only those present,
/// and every refusal names its field.
struct FieldSetTests {
    let ana = SyncPlayerFields(name: "Ana", age: 30, skill: "amateur", position: "winger", favouriteTeam: "Porto")

    @Test func aCreateReadsBackFromItsFields() throws {
        #expect(try SyncPlayerFields(ana.fields) == ana)
        let book = SyncBookFields(
            title: "Dune", author: "Frank Herbert", publisher: nil, description: "Sand", priceCents: 999,
            published: "1965-08-01", owned: true)
        #expect(try SyncBookFields(book.fields) == book)
        let question = SyncQuestionFields(
            text: "Which book about sand?", answer: "Dune", askedAt: 1_764_000_000_000,
            books: ["9780441013593", "9780306406157"])
        #expect(try SyncQuestionFields(question.fields) == question)
        let gather = SyncGatherFields(
            startedAt: 1_764_000_000_000, scoreA: 2, scoreB: 1, timerState: "running", timerRemainingMs: 500_000,
            timerStartedMs: 1_764_000_100_000, timerPlayedMs: 100_000,
            teams: SyncTeams(
                a: [SyncSeat(player: "3f2504e0-4f89-41d3-9a0c-0305e82c3301", name: "Ana", age: 30)],
                b: [SyncSeat(player: nil, name: "Bea", position: "striker")]))
        #expect(try SyncGatherFields(gather.fields) == gather)
        #expect(gather.isInProgress)
    }

    /// Each declared gather and question field is its own property: setting one changes it alone,
    /// on the wire too (a case mapped to another field's property fails here, naming it).
    @Test func everyDeclaredGatherAndQuestionFieldIsItsOwnProperty() throws {
        func sample(_ field: some RecordField) -> FieldValue {
            field.rule.isInteger ? .integer(7) : .text(field.choices.last ?? "x")
        }
        let gather = SyncGatherFields(startedAt: 1_764_000_000_000, teams: SyncTeams(a: [], b: []))
        for field in GatherField.allCases {
            var edited = gather
            edited[field] = sample(field)
            #expect(edited[field] == sample(field), "\(field)")
            #expect(edited.changedFields(from: gather) == [field.wire], "\(field)")
            #expect(try SyncGatherFields(edited.fields) == edited, "\(field)")
        }
        let question = SyncQuestionFields(text: "Which book about sand?", answer: "Dune", askedAt: 1, books: [])
        for field in QuestionField.allCases {
            var edited = question
            edited[field] = sample(field)
            #expect(edited[field] == sample(field), "\(field)")
            let changed = edited.fields.filter { question.fields[$0.key] != $0.value }.map(\.key)
            #expect(changed == [field.wire], "\(field)")
        }
    }

    @Test func aPutOverwritesOnlyTheFieldsPresentAndNullClears() throws {
        let edited = try SyncPlayerFields(["age": .int(31), "favouriteTeam": .null], over: ana)
        #expect(edited[.name] == .text("Ana"))
        #expect(edited[.age] == .integer(31))
        #expect(edited[.skill] == .text("amateur"))
        #expect(edited[.favouriteTeam] == .null)
        #expect(edited.changedFields(from: ana) == ["age", "favouriteTeam"])
        #expect(ana.fields.only(["age", "nope"]) == ["age": .int(30)])
    }

    @Test func aCreateWithoutAFieldIsMissingIt() {
        #expect(throws: SyncFieldError.missing("age")) {
            try SyncPlayerFields(["name": .string("Ana"), "skill": .null, "position": .null, "favouriteTeam": .null])
        }
        #expect(throws: SyncFieldError.missing("owned")) {
            try SyncBookFields([
                "title": .string("Dune"), "author": .null, "publisher": .null, "description": .null,
                "priceCents": .null, "published": .null,
            ])
        }
    }

    @Test func wrongTypesAndUnknownNamesAreNamed() {
        #expect(throws: SyncFieldError.wrongType(field: "age", expected: "an integer or null")) {
            try SyncPlayerFields(["age": .string("30")], over: ana)
        }
        #expect(throws: SyncFieldError.wrongType(field: "name", expected: "a string")) {
            try SyncPlayerFields(["name": .null], over: ana)
        }
        #expect(throws: SyncFieldError.unknownField("height")) {
            try SyncPlayerFields(["height": .int(180), "zz": .int(1)], over: ana)
        }
        #expect(throws: SyncFieldError.wrongType(field: "age", expected: "an integer or null")) {
            try SyncPlayerFields(["age": .double(30.5)], over: ana)
        }
        #expect(SyncFieldError.unknownField("height").message == "height is not a field of this record")
        #expect(SyncFieldError.missing("title").field == "title")
    }

    @Test func teamsMustBeSeatsWithEveryField() throws {
        let seat = SyncSeat(player: nil, name: "Bea")
        let gather = SyncGatherFields(startedAt: 1, teams: SyncTeams(a: [seat], b: []))
        #expect(throws: SyncFieldError.self) {
            try SyncGatherFields(["teams": .object(["a": .array([])])], over: gather)
        }
        var partialSeat = seat.value.objectValue!
        partialSeat["age"] = nil
        let broken = SyncValue.object(["a": .array([.object(partialSeat)]), "b": .array([])])
        #expect(SyncTeams(broken) == nil)
        #expect(throws: SyncFieldError.wrongType(field: "teams", expected: #"an object {"a":[seat…],"b":[seat…]}"#)) {
            try SyncGatherFields(["teams": broken], over: gather)
        }
        #expect(
            try SyncGatherFields(["endedAt": .int(5), "winner": .string("None")], over: gather).isInProgress == false)
    }

    @Test func entitiesNameTheirFieldsAndKeys() {
        #expect(SyncEntity.player.fieldNames == SyncPlayerFields.names)
        #expect(SyncEntity.gather.fieldNames.count == 11)
        #expect(SyncEntity.book.isKeyedByISBN)
        #expect(SyncKey.isUUIDKey(SyncKey.make()))
        #expect(!SyncKey.isUUIDKey("3F2504E0-4F89-41D3-9A0C-0305E82C3301"))
        #expect(SyncKey.isISBNKey("9780306406157"))
        #expect(!SyncKey.isISBNKey("978030640615x"))
    }

    /// The instants a device shifts by its clock's offset are fields of their entity, and every
    /// field named like an instant is one of them (a new `…At` field must be shifted too).
    @Test func instantsAreTheEntitysFieldsThatHoldAnInstant() {
        for entity in SyncEntity.allCases {
            #expect(Set(entity.instantFieldNames).isSubset(of: entity.fieldNames), "\(entity)")
            let named = entity.fieldNames.filter { $0.hasSuffix("At") || $0.hasSuffix("StartedMs") }
            #expect(Set(named) == Set(entity.instantFieldNames), "\(entity)")
        }
        #expect(SyncEntity.gather.instantFieldNames == ["startedAt", "endedAt", "timerStartedMs"])
        #expect(SyncEntity.player.instantFieldNames.isEmpty)
    }

    /// Notices name fields as people do: no wire name in camel case reaches a sentence, and a
    /// gather's countdown is one thing, not five.
    @Test func fieldsAreShownAsPeopleNameThem() {
        for entity in SyncEntity.allCases {
            for field in entity.fieldNames {
                let shown = entity.shownName(of: field)
                #expect(shown == shown.lowercased(), "\(entity).\(field) is shown as \(shown)")
            }
        }
        let countdown = SyncGatherFields.names.filter { $0.hasPrefix("timer") }
        #expect(countdown.count == 5)
        #expect(Set(countdown.map(SyncEntity.gather.shownName(of:))) == ["countdown"])
        #expect(SyncEntity.book.shownName(of: "priceCents") == "price")
        #expect(SyncEntity.player.shownName(of: "age") == "age")
    }
}
