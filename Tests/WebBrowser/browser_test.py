"""Drives tend-server's web app in headless Chromium, as a person on a phone would: sign up,
log a long-acting dose with one tap, be refused a second and log it anyway, see the calendar,
pair with a second phone as a couple and see its mood, switch to Korean, log out. Free text carries an XSS payload that must stay text. Screenshots
of every page at phone (390x844) and desktop (1280x800) sizes land in --out.

Run by Tests/EndToEndTests/WebBrowserEndToEndTests.swift against a built tend-server:
    python browser_test.py --base http://127.0.0.1:PORT --out .build/web-screenshots
Exits 0 when every check held, 1 with the failed check on stderr otherwise."""
import argparse
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>'
SHORT_XSS = '<img src=x onerror="window.__xss=1">'  # a couple status holds 60 characters


class Check(Exception):
    pass


def expect(condition, what):
    if not condition:
        raise Check(what)


class Phone:
    def __init__(self, base, out, name):
        self.base, self.out, self.name = base, out, name
        options = Options()
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                         "--lang=en-US", "--force-device-scale-factor=1"]:
            options.add_argument(argument)
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(service=service, options=options)
        self.driver.set_window_size(390, 844)

    def open(self, path):
        self.driver.get(self.base + path)

    def shoot(self, label):
        """A phone and a desktop screenshot of the page as it is, the whole page's height."""
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

    def press(self, selector):
        """Scrolls the control to the middle (a thumb does; the tab bar covers the bottom edge) and taps it."""
        control = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
        control.click()

    def text(self):
        return self.driver.find_element(By.TAG_NAME, "main").text

    def wait_for(self, words, what):
        """Waits until <main> says `words`: the script swaps it in after a tap, without a reload."""
        def shows(driver):
            try:
                return words in driver.find_element(By.TAG_NAME, "main").text
            except StaleElementReferenceException:
                return False
        try:
            WebDriverWait(self.driver, 5).until(shows)
        except TimeoutException:
            raise Check(what + ": " + self.text()[:400])

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
        expect(phone.driver.current_url.endswith("/today"), "sign-up did not open Today: " + phone.driver.current_url)
        phone.shoot("today")

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
        phone.open("/insulin/doses")
        phone.shoot("doses")
        phone.open("/account")
        phone.no_xss()
        expect("<script>" in phone.driver.find_element(By.ID, "f-display_name").get_attribute("value"), "the name lost its text")
        phone.shoot("account")

        # Two phones pair as a couple and see each other's mood.
        phone.open("/couple")
        phone.press("form[action='/couple/invites'] button")
        code = phone.text().split("partner: ")[1].split(".")[0]
        partner = Phone(phone.base, phone.out, "jun")
        try:
            partner.open("/signup")
            partner.fill("display_name", "Jun")
            partner.fill("email", "jun@example.com")
            partner.fill("password", "correct horse battery")
            partner.fill("time_zone", "Europe/Berlin")
            partner.press("form[action='/signup'] button[type=submit]")
            partner.open("/couple")
            partner.fill("code", code)
            partner.press("form[action='/couple/join'] button")
            partner.press("input[name=mood][value=loving]")
            partner.fill("status", SHORT_XSS)
            partner.press("form[action='/couple/mood'] button")
            partner.shoot("couple")
        finally:
            partner.quit()
        phone.open("/couple")
        expect("loving — " + SHORT_XSS in phone.text(), "the partner's mood is not on the home, as text")
        phone.no_xss()
        phone.shoot("couple")

        phone.press("header a.lang")
        expect("인슐린" in phone.driver.page_source, "the language switch did not turn the page Korean")
        phone.open("/insulin")
        phone.shoot("insulin-ko")
        phone.open("/today")
        phone.shoot("today-ko")
        phone.no_xss()

        phone.open("/account")
        phone.press("form[action='/logout'] button")
        expect("/login" in phone.driver.current_url, "log out did not return to the login page")
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
    os.makedirs(arguments.out, exist_ok=True)
    try:
        run(arguments.base, arguments.out)
    except Check as failure:
        print("browser check failed: " + str(failure), file=sys.stderr)
        return 1
    print("browser checks held; screenshots in " + arguments.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
