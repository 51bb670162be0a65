import ArgumentParser
import Foundation
import Greenlight

@main
struct GreenlightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "greenlight",
        abstract: "Scan an iOS project for App Store rejection risks before you submit.",
        version: "greenlight \(GreenlightVersion.current)",
        subcommands: [Preflight.self, Codescan.self, Privacy.self, IPA.self, Guidelines.self, Rules.self, Version.self])
}

/// How a scanning command reports: shared by every scanning command.
struct ReportOptions: ParsableArguments {
    @Option(help: "terminal, json, sarif or junit.") var format: OutputFormat = .terminal
    @Option(help: "Write the report to this file instead of standard output.") var output: String?
    @Flag(name: .customLong("exit-code"), help: "Exit 1 when a finding reaches --fail-on (default: any CRITICAL or HIGH).") var exitCode = false
    @Option(name: .customLong("fail-on"), help: "With --exit-code: critical, high or warn.") var failOn: FailLevel = .high
    @Option(help: "A .greenlight.yml to use (default: .greenlight.yml in the project folder, or in the current folder for ipa).") var config: String?
    @Flag(help: "Terminal report: list every finding (a rule's repeated WARN and INFO findings are otherwise shown once, with their places).")
    var verbose = false

    enum FailLevel: String, ExpressibleByArgument, CaseIterable {
        case critical, high, warn
        var severity: Severity { self == .critical ? .critical : self == .high ? .high : .warn }
    }
}

/// Options of the commands that scan a project folder.
struct ScanOptions: ParsableArguments {
    @Argument(help: "The project folder (default: the current folder).") var path: String = "."
    @Flag(help: "preflight, codescan: the app is for the Kids Category, so check guidelines 1.3 and 5.1.4 too (or kids_category: true in .greenlight.yml).")
    var kids = false
    @OptionGroup var report: ReportOptions
}

extension OutputFormat: ExpressibleByArgument {}

/// Prints `Error: …` to standard error and exits 1, as the anchor does.
func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    return ExitCode(1)
}

/// Walks and scans a project (when `root` is given) and inspects an .ipa (when `ipaPath` is given), then reports.
func runScan(command: String, scanners: Set<ProjectScan.Scanner>, root: URL?, ipaPath: String?, kids: Bool = false,
             options: ReportOptions) throws {
    let started = ContinuousClock.now
    var configuration: GreenlightConfiguration
    do {
        configuration = try GreenlightConfiguration.load(path: options.config, root: root ?? URL(fileURLWithPath: "."),
                                                         knownRules: ProjectScan.ruleIds)
    } catch {
        throw fail(error.description)
    }
    if kids { configuration.kidsCategory = true }
    let scan = ProjectScan(configuration: configuration, scanners: scanners)
    var findings: [Finding] = []
    var filesScanned = 0
    var app: ScanReport.AppSummary?
    var projectFile: String?
    var leftOut: [(path: String, reason: String)] = []
    if let root {
        do {
            let result = try scan.run(root: root)
            result.keepAliveUntilExit()
            findings = result.findings
            filesScanned = result.filesScanned
            projectFile = result.projectFile
            leftOut = result.leftOut
        } catch {
            throw fail(error.description)
        }
    }
    if let ipaPath {
        do {
            let result = try scan.inspect(ipaPath: ipaPath)
            findings = CodeScanner.deduplicated(findings + result.findings)
            filesScanned += result.entriesScanned
            app = .init(ipaPath: ipaPath, name: result.appName, bundleId: result.bundleId, version: result.version)
            if root == nil { projectFile = (ipaPath as NSString).lastPathComponent }
        } catch {
            throw fail(error.description)
        }
    }
    var report = ScanReport(command: command, projectPath: root?.path ?? ipaPath ?? "", findings: findings, filesScanned: filesScanned,
                            elapsed: ContinuousClock.now - started, rules: ProjectScan.ruleInfos, app: app, projectFile: projectFile)
    report.leftOut = leftOut
    let text = try Reporter.render(report, as: options.format, color: options.output == nil && isatty(1) == 1, verbose: options.verbose)
    if let output = options.output {
        do { try text.write(toFile: output, atomically: true, encoding: .utf8) } catch { throw fail("cannot write \(output): \(error.localizedDescription)") }
    } else {
        print(text, terminator: "")
    }
    if options.exitCode, report.findings.contains(where: { $0.severity >= options.failOn.severity }) { throw ExitCode(1) }
}

struct Preflight: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run every offline check on a project (and its built .ipa) and give a verdict.")
    @OptionGroup var options: ScanOptions
    @Option(help: "Also inspect this built .ipa.") var ipa: String?

    func run() throws {
        try runScan(command: "preflight", scanners: [.code, .privacy, .metadata], root: URL(fileURLWithPath: options.path).standardizedFileURL,
                    ipaPath: ipa, kids: options.kids, options: options.report)
    }
}

struct IPA: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ipa",
                                                    abstract: "Inspect a built .ipa: Info.plist, privacy manifests, launch screen, icons, size, frameworks.")
    @Argument(help: "The .ipa file.") var file: String
    @OptionGroup var options: ReportOptions

    func run() throws { try runScan(command: "ipa", scanners: [], root: nil, ipaPath: file, options: options) }
}

struct Codescan: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Scan source, plists and Expo config with the code rules.")
    @OptionGroup var options: ScanOptions

    func run() throws {
        try runScan(command: "codescan", scanners: [.code], root: URL(fileURLWithPath: options.path).standardizedFileURL, ipaPath: nil,
                    kids: options.kids, options: options.report)
    }
}

struct Privacy: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check privacy manifests against the Required-Reason APIs the code uses.")
    @OptionGroup var options: ScanOptions

    func run() throws {
        try runScan(command: "privacy", scanners: [.privacy], root: URL(fileURLWithPath: options.path).standardizedFileURL, ipaPath: nil,
                    options: options.report)
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every rule: id, severity, guideline, title.")

    func run() throws {
        for rule in ProjectScan.ruleInfos {
            print("\(rule.id.padding(toLength: 28, withPad: " ", startingAt: 0)) \(rule.severity.name.padding(toLength: 9, withPad: " ", startingAt: 0)) §\(rule.guideline.padding(toLength: 7, withPad: " ", startingAt: 0)) \(rule.title)")
        }
    }
}

struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the version.")
    func run() throws { print("greenlight \(GreenlightVersion.current)") }
}

struct Guidelines: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Browse our summaries of the App Store Review Guidelines.",
        subcommands: [List.self, Show.self, Search.self], aliases: ["gl"])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Top-level sections and their subsections.")
        func run() throws {
            for top in GuidelineCatalog.topLevel {
                print("\(top.section)  \(top.title)")
                for child in GuidelineCatalog.children(of: top.section) { print("  \(child.section)  \(child.title)") }
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One section: summary, common violations, subsections.")
        @Argument(help: "A section number, e.g. 5.1.1.") var section: String

        func run() throws {
            guard let guideline = GuidelineCatalog.guideline(section) else {
                throw fail("no guideline section \(section) (try `greenlight guidelines search <words>`)")
            }
            print("§\(guideline.section) \(guideline.title)\n\n\(guideline.summary)")
            if !guideline.commonViolations.isEmpty {
                print("\nCommon violations:")
                guideline.commonViolations.forEach { print("  - \($0)") }
            }
            let children = GuidelineCatalog.children(of: guideline.section)
            if !children.isEmpty {
                print("\nSubsections:")
                children.forEach { print("  \($0.section)  \($0.title)") }
            }
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sections matching every word, best first.")
        @Argument(help: "Words to look for.") var words: [String]

        func run() throws {
            let results = GuidelineCatalog.search(words.joined(separator: " "))
            if results.isEmpty { print("No section matches \"\(words.joined(separator: " "))\".") }
            for guideline in results.prefix(20) {
                print("\(guideline.section)  \(guideline.title)\n    \(guideline.summary.prefix(120))\(guideline.summary.count > 120 ? "…" : "")")
            }
        }
    }
}
