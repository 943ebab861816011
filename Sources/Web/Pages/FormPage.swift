import Clubhouse

/// A form screen (add and edit flows): its fields as the form declares them, each with its
/// label, hint and the values it takes (a picker), filled from the draft, else the record.
enum FormPage {
    static func page(_ model: FormViewModel, view: PageView, frame: PageFrame) -> ScreenPage {
        let focus = focused(model.fields, refusal: view.refusal)
        let context: Context = [
            "fields": model.fields.map { field in
                FormPage.field(
                    field, value: view.typed[field.name] ?? model.draft[field.name] ?? field.current ?? "",
                    focused: field.name == focus)
            },
            "hasDraft": !model.draft.isEmpty, "refusal": view.refusal ?? "", "refused": view.refusal != nil,
            "discardHref": frame.url(model.screen.path, [("ask", "discard")]),
            "confirm": ScreenPage.confirmation(
                frame, place: model.screen.path,
                asks: ["discard": ("Clear what is typed into this form? The record stays as it is.", "Clear it")]),
        ]
        return ScreenPage(template: "form", title: model.title, context: context)
    }

    static func field(_ field: FormField, value: String, focused: Bool) -> Context {
        var context: Context = [
            "name": field.name, "id": "field-\(field.name)", "label": field.label, "hint": field.hint,
            "required": field.isRequired, "value": value, "autofocus": focused,
        ]
        if !field.choices.isEmpty {
            context["isChoice"] = true
            context["choices"] = field.choices.map { choice -> Context in
                ["value": choice, "selected": choice == value]
            }
            context["optional"] = !field.isRequired
        } else if field.rule?.isParagraph == true {
            context["paragraph"] = true
        } else {
            context["text"] = true
            context["numeric"] = field.rule?.isInteger == true
        }
        if let longest = field.maxLength { context["maxlength"] = String(longest) }
        return context
    }

    /// The field a refusal names (its label or name appears in the message), for the cursor.
    static func focused(_ fields: [FormField], refusal: String?) -> String? {
        guard let refusal = refusal?.lowercased() else { return nil }
        return fields.first { refusal.contains($0.label.lowercased()) || refusal.contains($0.name) }?.name
    }
}

/// The sign-in and the registration.
enum LoginPage {
    static func page(registering: Bool, claim: String?, view: PageView, frame: PageFrame) -> ScreenPage {
        // Giving the password of the user signed in on the device goes on to the screen asked for.
        let place =
            registering ? "login/register" : claim != nil && !frame.requested.isEmpty ? frame.requested : "login"
        let username = view.typed["username"] ?? claim ?? ""
        var context: Context = [
            "registering": registering, "username": username, "hasUsername": !username.isEmpty,
            "action": frame.url(place), "refusal": view.refusal ?? "", "refused": view.refusal != nil,
            "registerHref": frame.url("login/register"), "loginHref": frame.url("login"),
            "usernameLongest": String(Username.maximumLength), "passwordLongest": String(Password.maximumLength),
        ]
        if let claim { context["claim"] = claim }
        let title =
            registering ? "Create an account" : claim == nil ? "Sign in" : "Sign in to open \(claim!)’s clubhouse"
        return ScreenPage(template: "login", title: title, context: context)
    }
}
