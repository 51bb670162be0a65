"""Schemathesis hooks for the fuzz test: WAV and PDF uploads are sent as raw bytes, whatever it generates."""
import schemathesis


@schemathesis.serializer("audio/wav", "application/pdf")
def raw_bytes(ctx, value):
    if isinstance(value, bytes):
        return value
    return str(value).encode()
