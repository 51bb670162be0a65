"""axe-core (bundled with axe-selenium-python) on every screen a family sees: WCAG 2 A/AA rules,
colour contrast among them. Serious and critical violations fail the test."""
from axe_selenium_python import Axe

from pages import add_first_child, click, find, play_as, set_up_family


def serious_violations(driver):
    Axe(driver).inject()
    driver.set_script_timeout(60)
    results = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}},
                (error, results) => done(error ? {error: String(error)} : results));
    """)
    assert "error" not in results, results
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in results["violations"] if v["impact"] in ("serious", "critical")]


def test_every_screen_passes_axe(server, browser):
    d = browser
    d.get(server + "/")
    find(d, "#setup-form")
    screens = {"set-up": serious_violations(d)}
    set_up_family(d, server)
    add_first_child(d, "Mia", avatar="🦊")
    screens["parent area: children"] = serious_violations(d)
    click(d, "#tab-inbox")
    find(d, ".card")
    screens["parent area: inbox"] = serious_violations(d)
    play_as(d, "Mia")
    screens["hub"] = serious_violations(d)
    click(d, ".tile[data-app-id='music']")
    find(d, "#ask-button")
    screens["request sheet"] = serious_violations(d)
    d.get(server + "/spellflare/")
    find(d, "#onboarding-next")
    screens["spellflare: welcome"] = serious_violations(d)
    # The child's name and grade come from their profile: the welcome is the only onboarding step.
    click(d, "#onboarding-next")
    find(d, "#greeting")
    screens["spellflare: home"] = serious_violations(d)
    click(d, "#open-settings")
    find(d, "#settings-back")
    screens["spellflare: settings"] = serious_violations(d)
    click(d, "#settings-back")
    click(d, ".level[data-level='1']")
    find(d, "#ad")
    screens["spellflare: ad"] = serious_violations(d)
    click(d, "#ad-continue", timeout=8)
    find(d, "#spelling-input")
    screens["spellflare: game"] = serious_violations(d)
    find(d, "#spelling-input").send_keys("qqq")
    click(d, "#submit-spelling")
    find(d, "#give-up")
    screens["spellflare: try again"] = serious_violations(d)
    d.get(server + "/coloring/")
    find(d, "#canvas")
    screens["coloring: canvas"] = serious_violations(d)
    click(d, "#tool-stamp")
    find(d, ".stamp")
    screens["coloring: stamps"] = serious_violations(d)
    click(d, "#open-gallery")
    find(d, "#new-picture")
    screens["coloring: gallery"] = serious_violations(d)
    failures = {screen: found for screen, found in screens.items() if found}
    assert failures == {}


def test_the_check_catches_a_low_contrast_label(server, browser):
    """The harness itself can fail: pale grey text on white is reported."""
    browser.get(server + "/")
    find(browser, "#setup-form")
    browser.execute_script("""
        const p = document.createElement('p');
        p.textContent = 'barely visible';
        p.style.color = '#d0d0d0';
        p.style.background = '#ffffff';
        document.querySelector('#setup-form').append(p);
    """)
    assert any(v.startswith("color-contrast") for v in serious_violations(browser))
