"""E-mail to the parents through a real SMTP server (aiosmtpd) that insists on STARTTLS, with a
certificate from a private authority the server is told to trust (`&ca=`): a child's request
reaches the parents' mailbox, encrypted, and the child never waits for the mail server."""
import subprocess
import time

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP

from conftest import free_port, launch
from pages import add_first_child, click, click_text, fill, play_as, set_up_family, wait_text


class Inbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(dict(sender=envelope.mail_from, recipients=envelope.rcpt_tos,
                                  text=envelope.content.decode("utf-8", "replace"), encrypted=session.ssl is not None))
        return "250 OK"


@pytest.fixture
def certificates(tmp_path):
    """A throw-away authority and a certificate it signed for 127.0.0.1."""
    def openssl(*args):
        subprocess.run(["openssl", *args], check=True, capture_output=True)
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
            "-keyout", str(tmp_path / "ca.key"), "-out", str(tmp_path / "ca.pem"), "-subj", "/CN=test mail CA")
    openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", str(tmp_path / "server.key"),
            "-out", str(tmp_path / "server.csr"), "-subj", "/CN=127.0.0.1")
    (tmp_path / "ext.cnf").write_text("subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", str(tmp_path / "server.csr"), "-CA", str(tmp_path / "ca.pem"), "-CAkey", str(tmp_path / "ca.key"),
            "-CAcreateserial", "-days", "2", "-extfile", str(tmp_path / "ext.cnf"), "-out", str(tmp_path / "server.pem"))
    return tmp_path


@pytest.fixture
def mail_server(certificates):
    import ssl
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificates / "server.pem", certificates / "server.key")
    inbox = Inbox()
    port = free_port()

    class Factory(Controller):
        def factory(self):
            return SMTP(self.handler, tls_context=context, require_starttls=True)
    controller = Factory(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield inbox, port
    controller.stop()


def test_a_request_reaches_the_parents_mailbox_over_tls(mail_server, certificates, browser):
    inbox, port = mail_server
    url, stop = launch(["--smtp-url", f"smtp://127.0.0.1:{port}?from=kids@example.org&ca={certificates / 'ca.pem'}"])
    try:
        d = browser
        set_up_family(d, url)
        add_first_child(d, "Mia")
        play_as(d, "Mia")
        click(d, ".tile[data-app-id='music']")
        click_text(d, "button", "Type it instead")
        fill(d, "#request-text", "I want to make drum songs!")
        click(d, "#send-button")
        wait_text(d, ".sent", "Sent!")
        for _ in range(100):
            if inbox.messages:
                break
            time.sleep(0.1)
        assert len(inbox.messages) == 1, url.log.read_text()
        message = inbox.messages[0]
        assert message["encrypted"]
        assert message["sender"] == "kids@example.org" and message["recipients"] == ["ada@example.org"]
        assert "Subject: App request: Music Maker" in message["text"]
        assert "I want to make drum songs!" in message["text"]
    finally:
        stop()
