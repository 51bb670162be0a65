import Foundation
import Yams

/// A project file greenlight could not parse is a finding of its own: the checks that needed it
/// (purpose strings, entitlements, privacy manifests, Expo metadata) did not run on it, and the
/// build would most likely fail on it too.
enum ParseCheck {
    static let rules: [RuleInfo] = [
        RuleInfo(id: "file-unparseable", severity: .high, guideline: "2.1", title: "Project file could not be parsed",
                 fix: "Fix the file's syntax (plutil -lint for plists, a YAML or JSON linter for project.yml and app.json); greenlight skipped the checks that read it."),
    ]

    static func findings(_ files: [ScannedFile]) -> [Finding] {
        files.compactMap { file -> Finding? in
            guard !file.file.isTest, let problem = problem(file) else { return nil }
            return rules[0].finding(source: .metadata, detail: "\(file.file.path) could not be read as \(problem); the checks that need it were skipped.",
                                    file: file.file.path)
        }
    }

    /// What the file should have been, when it is not.
    static func problem(_ file: ScannedFile) -> String? {
        let data = Data(file.text.utf8)
        switch file.file.kind {
        // Entitlements and privacy manifests that do not parse have their own findings
        // (entitlements-unreadable, privacy-manifest-invalid).
        case .plist, .pbxproj:
            guard !file.text.trimmedSpaces.isEmpty else { return nil }
            return file.plist?.value == nil ? "a property list" : nil
        case .xcodegen:
            return (try? Yams.load(yaml: file.text)) == nil && !file.text.trimmedSpaces.isEmpty ? "YAML" : nil
        case .json:
            let name = (file.file.path as NSString).lastPathComponent
            guard name == "app.json" || name == "app.config.json" else { return nil }  // package.json may hold comments some tools allow
            return (try? JSONSerialization.jsonObject(with: data)) == nil ? "JSON" : nil
        default:
            return nil
        }
    }
}
