import ArgumentParser

struct QuestionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "question",
        abstract: "Ask questions answered from the books on your shelf; list, show and delete them.",
        subcommands: [
            QuestionAskCommand.self, QuestionListCommand.self, QuestionShowCommand.self, QuestionDeleteCommand.self,
        ]
    )
}
