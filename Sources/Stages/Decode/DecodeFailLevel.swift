import CVips

/// Which damage fails a decode (the `failOn` option; libvips' `fail_on`). The default, `error`, fails truncated
/// and corrupt files, so a photo cut short is listed as failed rather than indexed with a grey band where its
/// pixels stop; `none` decodes what is there instead; `warning` also fails files with harmless oddities that
/// cameras write (extra bytes between JPEG markers).
public enum DecodeFailLevel: String, Sendable, CaseIterable {
    case none, truncated, error, warning

    var vips: VipsFailOn {
        switch self {
        case .none: VIPS_FAIL_ON_NONE
        case .truncated: VIPS_FAIL_ON_TRUNCATED
        case .error: VIPS_FAIL_ON_ERROR
        case .warning: VIPS_FAIL_ON_WARNING
        }
    }
}
