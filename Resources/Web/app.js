// Tend's web app works without this file: every action is a plain form and a redirect.
// This only makes a tap quicker: a form marked data-enhance is posted in the background and
// the page's <main> is swapped for the answer's, without a full reload.
"use strict";
(function () {
  function swap(html, url) {
    var next = new DOMParser().parseFromString(html, "text/html");
    var main = document.querySelector("main");
    var fresh = next.querySelector("main");
    if (!main || !fresh) { return false; }
    main.replaceWith(fresh);
    document.title = next.title;
    if (url) { history.replaceState(null, "", url); }
    var focus = fresh.querySelector("[data-focus]") || fresh.querySelector("h1");
    if (focus) { focus.setAttribute("tabindex", "-1"); focus.focus(); }
    return true;
  }

  // The plain post, as without this script (the pressed button's name and value included).
  function plain(form, submitter) {
    form.dataset.plain = "1";
    if (submitter && form.requestSubmit) { form.requestSubmit(submitter); } else { form.submit(); }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-enhance") || form.dataset.plain) { return; }
    event.preventDefault();
    var data = new FormData(form);
    var submitter = event.submitter;
    if (submitter && submitter.name) { data.append(submitter.name, submitter.value); }
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (button) { button.disabled = true; });
    fetch(form.action, {
      method: "POST", body: new URLSearchParams(data), credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (response) {
      return response.text().then(function (html) {
        if (!swap(html, response.redirected ? response.url : null)) { plain(form, submitter); }
      });
    }).catch(function () {
      // Offline or the server is away: fall back to the plain post, which says so itself.
      buttons.forEach(function (button) { button.disabled = false; });
      plain(form, submitter);
    });
  });

})();

// The sign-up form guesses a zone from the language; the browser knows the real one.
(function () {
  var field = document.querySelector("input[data-browser-zone]");
  if (!field || !window.Intl) { return; }
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) { field.value = zone; }
})();

// A photo over the upload limit is refused before it is sent (the server refuses it too).
(function () {
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "file" || !input.form) { return; }
    var limit = Number(input.form.getAttribute("data-max-bytes") || 0);
    var file = input.files && input.files[0];
    input.setCustomValidity(limit && file && file.size > limit ? (input.form.getAttribute("data-too-large") || "Too large") : "");
    input.reportValidity();
  });
})();

// Search as you type: a plain GET form marked data-live-search fetches its own page with the
// typed words and swaps in the part named by the attribute; pressing Search still works alone.
(function () {
  var pending = null, timer = null;
  document.addEventListener("input", function (event) {
    var input = event.target;
    var form = input && input.form;
    if (!form || !form.hasAttribute("data-live-search") || input.type !== "search") { return; }
    clearTimeout(timer);
    timer = setTimeout(function () {
      var url = form.action + "?" + new URLSearchParams(new FormData(form)).toString();
      if (pending) { pending.abort(); }
      pending = new AbortController();
      fetch(url, { credentials: "same-origin", signal: pending.signal }).then(function (response) {
        return response.text();
      }).then(function (html) {
        var id = form.getAttribute("data-live-search");
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(id);
        var current = document.getElementById(id);
        if (fresh && current) { current.replaceWith(fresh); history.replaceState(null, "", url); }
      }).catch(function () { /* aborted by a newer search, or offline: the button still works */ });
    }, 250);
  });
})();
