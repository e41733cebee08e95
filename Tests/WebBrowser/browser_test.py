"""Drives tend-server's web app in headless Chromium, as a person on a phone would: sign up,
log a long-acting dose with one tap, be refused a second and log it anyway, see the calendar,
pair with a second phone as a couple and see its mood, photo of the day, meeting, calendar
event and care item, and edit the event; start a quest journey, answer today's quest, set the
reminder and, at the end, delete the journey after its confirmation page; log sets and plan the
week; search a food as you type and log it, add one's own food and log it by its measure; log a weighing; switch to Korean, log out. Free text carries an XSS payload that must stay text. Screenshots
of every page at phone (390x844) and desktop (1280x800) sizes land in --out, and axe-core (from PyPI's
axe-core-python, injected by the driver) audits every page in the light and the dark scheme: one serious or
critical violation fails the run, listed page by page.

Run by Tests/EndToEndTests/WebBrowserEndToEndTests.swift against a built tend-server:
    python browser_test.py --base http://127.0.0.1:PORT --out .build/web-screenshots
Exits 0 when every check held, 1 with the failed check on stderr otherwise."""
import argparse
import os
import struct
import sys
import time
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from axe_core_python.base import AXE_SCRIPT

XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>'
SHORT_XSS = '<img src=x onerror="window.__xss=1">'  # a couple status holds 60 characters


class Check(Exception):
    pass


# What axe reports that fails the run; "moderate" and "minor" findings are listed as notes.
FAILING_IMPACTS = ("serious", "critical")
AXE_RUN = """
var done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(function (results) {
  done(results.violations.map(function (v) {
    return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map(function (n) {
      return {target: n.target.join(" "), html: n.html.slice(0, 160), summary: (n.failureSummary || "").slice(0, 300)};
    }), count: v.nodes.length};
  }));
}, function (error) { done([{id: "axe-error", impact: "critical", help: String(error), nodes: [], count: 0}]); });
"""


class Audit:
    """axe-core's findings over the whole run, by page and colour scheme."""

    def __init__(self):
        self.failures, self.notes, self.pages = [], [], 0

    def record(self, page, scheme, violations):
        self.pages += 1
        for violation in violations:
            where = "; ".join(f"{node['target']} ({node['summary'].splitlines()[-1].strip() if node['summary'] else node['html']})"
                              for node in violation["nodes"])
            line = f"{page} [{scheme}] {violation['impact']} {violation['id']}: {violation['help']} — {violation['count']} node(s): {where}"
            (self.failures if violation["impact"] in FAILING_IMPACTS else self.notes).append(line)

    def report(self):
        for note in self.notes:
            print("axe note: " + note, file=sys.stderr)
        if self.failures:
            raise Check(f"axe-core found {len(self.failures)} serious or critical violation(s):\n  " + "\n  ".join(self.failures))
        expect(self.pages > 0, "axe-core audited no page")


AUDIT = Audit()


def photo_with_location(path):
    """A small PNG as a phone might send it, with a location in an eXIf chunk the server strips."""
    width, height = 96, 72
    rows = b"".join(b"\x00" + bytes(v for x in range(width) for v in ((x * 2) % 256, (y * 3) % 256, 170)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                   + chunk(b"eXIf", b"MM\x00*\x00\x00\x00\x08GPS 37.5665 N 126.9780 E")
                   + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def expect(condition, what):
    if not condition:
        raise Check(what)


def start_chrome(options):
    """chromedriver listens on a port Selenium found free a moment before; with the whole suite
    starting servers at once another process can take it first, and chromedriver exits 1 (seen
    in a full run, never alone). A fresh port is tried twice more before giving up."""
    for attempt in range(3):
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        try:
            return webdriver.Chrome(service=service, options=options)
        except WebDriverException as error:
            if attempt == 2 or "unexpectedly exited" not in str(error):
                raise
            print(f"chromedriver did not start ({error.msg.strip()}); trying again", file=sys.stderr)
            time.sleep(1)


class Phone:
    def __init__(self, base, out, name):
        self.base, self.out, self.name = base, out, name
        options = Options()
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                         "--lang=en-US", "--force-device-scale-factor=1"]:
            options.add_argument(argument)
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        self.driver = start_chrome(options)
        self.driver.set_window_size(390, 844)
        self.driver.set_script_timeout(30)

    def open(self, path):
        self.driver.get(self.base + path)

    def audit(self, label):
        """axe-core over the page as it is, in the light and then the dark scheme (the media emulated)."""
        for scheme in ("light", "dark"):
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            if not self.driver.execute_script("return typeof window.axe === 'object'"):
                # The driver evaluates the script itself (DevTools), which the page's CSP does not govern.
                self.driver.execute_script(AXE_SCRIPT)
            AUDIT.record(f"{self.name}-{label} {self.driver.current_url.split('/', 3)[-1] or '/'}", scheme,
                         self.driver.execute_async_script(AXE_RUN))
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def audit_can_fail(self):
        """axe, as run here, sees a nameless control and a dark scheme: an audit that passes means something."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        dark = self.driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        light = self.driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
        expect(dark != light, f"the dark scheme was not emulated ({light} both)")
        self.driver.execute_script("document.querySelector('main').appendChild(document.createElement('input'))")
        if not self.driver.execute_script("return typeof window.axe === 'object'"):
            self.driver.execute_script(AXE_SCRIPT)
        found = {violation["id"] for violation in self.driver.execute_async_script(AXE_RUN)}
        expect("label" in found, f"axe did not see an input without a label ({sorted(found)})")
        self.driver.refresh()

    def csp_holds(self):
        """The page's Content-Security-Policy still refuses an inline script, with axe injected beside it."""
        ran = self.driver.execute_script(
            "var s = document.createElement('script'); s.textContent = 'window.__inline = 1'; document.body.appendChild(s);"
            "return window.__inline === 1 || typeof window.axe !== 'object'")
        expect(not ran, "an inline script ran (the CSP did not hold), or axe was not injected")

    def shoot(self, label):
        """A phone and a desktop screenshot of the page as it is, the whole page's height, then its axe audit."""
        self.audit(label)
        for size, (width, height) in (("phone", (390, 844)), ("desktop", (1280, 800))):
            self.driver.set_window_size(width, height)
            full = self.driver.execute_script("return document.documentElement.scrollHeight")
            self.driver.set_window_size(width, max(height, min(full, 4000)))
            self.driver.save_screenshot(os.path.join(self.out, f"{self.name}-{label}-{size}.png"))
        self.driver.set_window_size(390, 844)

    def fill(self, name, value):
        field = self.driver.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)

    def set_value(self, selector, value):
        """Sets a date or time field as a picker would (typing into one depends on the locale)."""
        field = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script("arguments[0].value = arguments[1]", field, value)

    def press(self, selector):
        """Scrolls the control to the middle (a thumb does; the tab bar covers the bottom edge) and taps it."""
        control = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
        control.click()

    def text(self):
        """<main>'s text, read again when the script swapped it in while it was read."""
        for _ in range(20):
            try:
                return self.driver.find_element(By.TAG_NAME, "main").text
            except WebDriverException:
                time.sleep(0.1)
        return self.driver.find_element(By.TAG_NAME, "main").text

    def wait_for(self, words, what):
        """Waits until <main> says `words`: the script swaps it in after a tap, without a reload."""
        def shows(driver):
            try:
                return words in driver.find_element(By.TAG_NAME, "main").text
            except WebDriverException:
                # <main> was swapped or the page was replaced while it was read: look again.
                return False
        try:
            # Patient: the whole suite shares two cores with this browser (a 5 s wait ran out in CI).
            WebDriverWait(self.driver, 30).until(shows)
        except TimeoutException:
            raise Check(what + ": " + self.text()[:400])

    def wait_url(self, part, what):
        """Waits until a plain post's redirect has landed on a page whose address holds `part`."""
        try:
            WebDriverWait(self.driver, 30).until(lambda driver: part in driver.current_url)
        except TimeoutException:
            raise Check(what + ": " + self.driver.current_url)

    def no_xss(self):
        expect(self.driver.execute_script("return window.__xss === undefined"), "an XSS payload ran")

    def quit(self):
        self.driver.quit()


def run(base, out):
    phone = Phone(base, out, "minji")
    try:
        phone.open("/signup")
        phone.shoot("signup")
        phone.fill("display_name", "Minji " + XSS)
        phone.fill("email", "minji@example.com")
        phone.fill("password", "correct horse battery")
        phone.fill("time_zone", "Asia/Seoul")
        phone.press("form[action='/signup'] button[type=submit]")
        phone.wait_url("/today", "sign-up did not open Today")
        phone.shoot("today")
        phone.csp_holds()
        phone.audit_can_fail()

        phone.open("/insulin")
        phone.press("button[name=kind][value=long]")
        phone.wait_for("✓ Long-acting 10 u", "one tap did not log the long dose")
        phone.shoot("insulin-logged")
        phone.press("button[name=kind][value=long]")
        phone.wait_for("already logged today at 21:00", "the guard did not refuse a second long dose")
        phone.shoot("insulin-refused")
        phone.press("form input[name=force] ~ button[name=kind]")
        phone.wait_for("✓ Long-acting 10 u", "log anyway did not log")

        # Units and time changed before logging, with a note that must stay text.
        phone.open("/insulin")
        phone.press(".dose.rapid summary")
        rapid_units = phone.driver.find_element(By.ID, "units-rapid")
        rapid_units.clear()
        rapid_units.send_keys("4.5")
        phone.press("button[name=kind][value=rapid]")
        phone.wait_for("✓ Rapid-acting 4.5 u", "changed units were not logged")

        phone.open("/insulin/calendar")
        expect("Adherence" in phone.text(), "the calendar has no figures")
        phone.shoot("calendar")
        phone.press("#pattern-title ~ details summary")
        expect(phone.driver.execute_script("return document.querySelector('.chart svg').getBoundingClientRect().height > 0"),
               "the month's chart did not open")
        phone.audit("calendar-chart")
        phone.open("/insulin/doses")
        phone.shoot("doses")
        phone.press("main a[href^='/insulin/doses/']")
        phone.wait_url("/insulin/doses/", "the edit link did not open a dose")
        phone.audit("dose-edit")
        phone.open("/insulin/doses/00000000-0000-7000-8000-000000000000")
        phone.audit("not-found")
        phone.open("/account")
        phone.no_xss()
        expect("<script>" in phone.driver.find_element(By.ID, "f-display_name").get_attribute("value"), "the name lost its text")
        phone.shoot("account")

        # Two phones pair as a couple and see each other's mood.
        phone.open("/couple")
        phone.press("form[action='/couple/invites'] button")
        # The page's script posts the form and swaps the answer in, which the click does not wait for.
        phone.wait_for("partner: ", "the invite code was not shown")
        code = phone.text().split("partner: ")[1].split(".")[0]
        partner = Phone(phone.base, phone.out, "jun")
        try:
            partner.open("/signup")
            partner.fill("display_name", "Jun")
            partner.fill("email", "jun@example.com")
            partner.fill("password", "correct horse battery")
            partner.fill("time_zone", "Europe/Berlin")
            partner.press("form[action='/signup'] button[type=submit]")
            partner.wait_url("/today", "the partner's sign-up did not open Today")
            partner.open("/couple")
            partner.audit("couple-unpaired")
            partner.fill("code", code)
            partner.press("form[action='/couple/join'] button")
            partner.wait_for("Today's mood", "the partner did not join")
            partner.press("input[name=mood][value=loving]")
            partner.fill("status", SHORT_XSS)
            partner.press("form[action='/couple/mood'] button")
            partner.wait_for("loving — ", "the partner's mood was not shared")

            # The photo of the day from the phone's camera (a file here), then the next meeting.
            picture = os.path.join(phone.out, "photo-of-the-day.png")
            photo_with_location(picture)
            partner.driver.find_element(By.ID, "f-photo").send_keys(picture)
            partner.fill("caption", "first snow " + SHORT_XSS)
            partner.press("form[action='/couple/photos'] button")
            partner.wait_for("Shared today's photo", "the photo was not shared")
            # A photo over the limit with the script's own check taken away: the server refuses the
            # body before reading it, and the browser shows its page saying why (not the API's JSON).
            too_big = os.path.join(phone.out, "too-big.jpg")
            with open(too_big, "wb") as file:
                file.truncate((10 << 20) + (64 << 10) + 1)
            partner.driver.execute_script("document.querySelector(\"form[action='/couple/photos']\").removeAttribute('data-max-bytes')")
            partner.driver.find_element(By.ID, "f-photo").send_keys(too_big)
            partner.press("form[action='/couple/photos'] button")
            partner.wait_for("larger than 10 MiB", "an oversized photo did not answer its page")
            partner.audit("couple-photo-too-large")
            os.remove(too_big)
            partner.press("details.inline summary")
            partner.set_value("#f-date", "2026-12-24")
            partner.fill("place", "Incheon airport")
            partner.press("form[action='/couple/meeting'] button")
            partner.wait_for("The next meeting is set", "the meeting was not set")
            partner.shoot("couple")

            partner.open("/couple/calendar")
            partner.press("details.form-card summary")
            partner.fill("title", XSS)
            partner.set_value("#f-start", "2026-12-02")
            partner.set_value("#f-start_time", "21:30")
            partner.driver.execute_script("document.getElementById('f-repeat').value = 'weekly'")
            partner.press("form[action='/couple/calendar/events'] button")
            partner.wait_for("Added to the calendar", "the event was not added")
            partner.no_xss()
            partner.shoot("couple-calendar")
            # The event edited on its own page (either member may).
            partner.press("ul.events a[href*='/edit']")
            partner.wait_url("/edit", "the event's edit page did not open")
            partner.audit("couple-event-edit")
            partner.fill("title", "Video call " + XSS)
            partner.press("form[action^='/couple/calendar/events/']:not([action$='/delete']) button[type=submit]")
            partner.wait_for("Saved the event", "the event was not edited")
            partner.no_xss()

            partner.open("/couple/care")
            partner.fill("text", "Send Minji a letter " + XSS)
            partner.press("form[action='/couple/care'] button")
            partner.wait_for("Added to the list", "the care item was not added")
            partner.audit("couple-care")
        finally:
            partner.quit()
        phone.open("/couple")
        expect("loving — " + SHORT_XSS in phone.text(), "the partner's mood is not on the home, as text")
        expect(phone.driver.execute_script(
            "var i = document.querySelector('figure.photo img'); return i !== null && i.complete && i.naturalWidth === 96"),
            "the partner's photo is not shown")
        expect("Incheon airport" in phone.text() and "D-24" in phone.text(), "the meeting is not on the home")
        phone.no_xss()
        phone.shoot("couple")
        phone.open("/couple/care")
        phone.press("ul.care form[action$='/done'] button")
        phone.wait_for("✓ done · Minji", "the care item was not ticked off")
        phone.no_xss()
        phone.shoot("couple-care")
        phone.open("/couple/calendar?month=2026-12")
        expect(XSS in phone.text(), "the event's title is not text on the partner's calendar")
        phone.no_xss()

        # The quest journey: onboarding with Bori, today's quest answered, then its edit page.
        phone.open("/quest")
        phone.shoot("quest-onboarding")
        phone.fill("nickname", "<b>Minji</b>")
        phone.press("input[name=feeling][value=sad]")
        phone.press("input[name=style][value=question]")
        phone.press("form[action='/quest/start'] button[type=submit]")
        phone.wait_for("Quest 1/30", "the journey did not start")
        phone.shoot("quest-today")
        phone.fill("text", XSS + " I miss the walks we took.")
        phone.press("form[action='/quest/answer'] button")
        phone.wait_for("Saved. See you tomorrow.", "the answer was not saved")
        expect(XSS in phone.text(), "the answer is not shown as text")
        phone.no_xss()
        phone.shoot("quest-answered")
        phone.open("/quest/1")
        phone.shoot("quest-edit")
        phone.open("/quest/journeys")
        phone.audit("quest-journeys")
        phone.set_value("#f-reminder", "07:30")
        phone.press("form[action='/quest/reminder'] button")
        phone.wait_for("Saved the reminder time", "the quest reminder's time was not saved")
        # The reminder switched off (the box unticked, the time kept), then on again.
        for ticked in (False, True):
            phone.open("/quest/journeys")
            phone.press("#f-reminder-on")
            phone.press("form[action='/quest/reminder'] button")
            phone.wait_for("Saved the reminder time", "the quest reminder was not switched")
            phone.open("/quest/journeys")
            box = phone.driver.find_element(By.ID, "f-reminder-on")
            expect(box.is_selected() == ticked, f"the quest reminder's box is {'un' if ticked else ''}ticked after the save")
            expect(phone.driver.find_element(By.ID, "f-reminder").get_attribute("value") == "07:30", "the reminder's time was lost")
            if not ticked:
                phone.shoot("quest-reminder-off")

        # Training: a set in the lifter's syntax.
        phone.open("/training")
        phone.fill("sets", "back squat 100kg 5x5\ndeadlift 140kg 3 @9")
        phone.press("form[action='/training/sets'] button")
        phone.wait_for("Logged 6 sets", "the sets were not logged")
        phone.shoot("training")
        phone.open("/training/plan")
        phone.fill("weekly", "4")
        phone.fill("mon", "legs " + XSS)
        phone.press("form[action='/training/plan'] button[type=submit]")
        phone.wait_for("Saved the plan and goals", "the weekly plan was not saved")
        phone.no_xss()
        phone.shoot("training-plan")

        # Food: the results come in as the words are typed (no Search press), then one is logged.
        phone.open("/food")
        phone.driver.find_element(By.ID, "f-q").send_keys("butter")
        phone.wait_for("Butter", "the search did not run as the words were typed")
        expect("q=butter" in phone.driver.current_url, "the live search did not keep its address")
        phone.shoot("food-search")
        phone.press("#food-results form button[type=submit]")
        phone.wait_for("✓ Added", "the food was not logged")
        phone.shoot("food")
        # One's own food (직접 입력), then logged by a count of its measure, typed.
        phone.open("/food")
        phone.press("#custom-food summary")
        phone.fill("name", "Rice bowl " + XSS)
        phone.fill("serving", "1 bowl")
        phone.fill("grams", "210")
        phone.fill("kcal", "300")
        phone.press("form[action='/food/foods'] button[type=submit]")
        phone.wait_for("Saved Rice bowl", "the custom food was not saved")
        phone.no_xss()
        amount = phone.driver.find_element(By.CSS_SELECTOR, "#food-results input[name=amount]")
        amount.clear()
        amount.send_keys("2 bowl")
        phone.press("#food-results form button[type=submit]")
        phone.wait_for("600 kcal", "the custom food was not logged by its measure")
        phone.no_xss()

        phone.open("/weight")
        phone.fill("kg", "72.5")
        phone.press("form[action='/weight'] button")
        phone.wait_for("Logged the weighing", "the weighing was not logged")
        phone.shoot("weight")
        phone.open("/today")
        phone.shoot("today-full")

        phone.press("header a.lang")
        try:
            # As patient as `wait_for`: under the whole suite's load a 5 s wait can run out.
            WebDriverWait(phone.driver, 30).until(lambda driver: "인슐린" in driver.page_source)
        except TimeoutException:
            raise Check("the language switch did not turn the page Korean")
        phone.open("/insulin")
        phone.shoot("insulin-ko")
        phone.open("/today")
        phone.shoot("today-ko")
        phone.open("/quest")
        phone.shoot("quest-ko")
        phone.open("/couple/care")
        phone.shoot("couple-care-ko")
        phone.no_xss()

        # Deleting the journey goes through its confirmation page.
        phone.open("/quest/journeys")
        phone.press("main ul a[href^='/quest/journeys/']")
        phone.press("main a[href$='/delete']")
        phone.wait_url("/delete", "the journey's confirmation page did not open")
        phone.shoot("quest-delete")
        phone.press("form[action$='/delete'] button")
        phone.wait_url("done=deleted", "the journey was not deleted")

        phone.open("/account")
        phone.press("form[action='/logout'] button")
        phone.wait_url("/login", "log out did not return to the login page")
        phone.open("/today")
        expect("/login" in phone.driver.current_url, "a logged-out browser reached Today")
        phone.shoot("login")
    finally:
        phone.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    arguments.out = os.path.abspath(arguments.out)  # the file input needs an absolute path
    os.makedirs(arguments.out, exist_ok=True)
    try:
        run(arguments.base, arguments.out)
        AUDIT.report()
    except Check as failure:
        print("browser check failed: " + str(failure), file=sys.stderr)
        return 1
    print(f"browser checks held; axe-core audited {AUDIT.pages} page states; screenshots in " + arguments.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
