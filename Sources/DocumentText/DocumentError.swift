import Foundation

/// Why a PDF or a photo gave no text, in words a student's parent can act on.
public enum DocumentError: Error, Equatable, Sendable {
    case notPDF
    case encrypted
    case unreadablePDF(String)
    case tooManyPages(pages: Int, limit: Int)
    case notImage
    case imageTooLarge(megapixels: Int, limit: Int)
    case imageTooSmall
    case noText
    case toolMissing(String)
    case failed(String)

    /// The reason as a code the page says in the student's language (`material.failure.<code>`).
    public var code: String {
        switch self {
        case .notPDF: "not_pdf"
        case .encrypted: "encrypted"
        case .unreadablePDF: "unreadable_pdf"
        case .tooManyPages: "too_many_pages"
        case .notImage: "not_image"
        case .imageTooLarge: "image_too_large"
        case .imageTooSmall: "image_too_small"
        case .noText: "no_text"
        case .toolMissing: "tool_missing"
        case .failed: "failed"
        }
    }

    /// The reason kept with a failed material.
    public var reason: String {
        switch self {
        case .notPDF: "This file is not a PDF."
        case .encrypted: "This PDF is locked with a password. Save an unlocked copy and add that."
        case .unreadablePDF: "This PDF is damaged or could not be read."
        case .tooManyPages(let pages, let limit): "This PDF has \(pages) pages; at most \(limit) can be read. Split it into parts."
        case .notImage: "A photo must be a JPEG, PNG or WebP picture."
        case .imageTooLarge(let megapixels, let limit): "This picture is \(megapixels) megapixels; at most \(limit) can be read."
        case .imageTooSmall: "This picture is too small to read: take the photo closer to the page."
        case .noText: "No text was found. Take the photo straight above the page, in good light."
        case .toolMissing(let tool): "The server cannot read documents: \(tool) is not installed (scripts/install-deps installs it)."
        case .failed(let why): "Reading failed: \(why)"
        }
    }
}
