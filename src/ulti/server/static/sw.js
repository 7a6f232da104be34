// The service worker of Web Push (issue 30): a push's notice shown by the system, a click on
// it opening its page.
self.addEventListener("push", (event) => {
  const data = event.data ? event.data.json() : {};
  const lang = (self.navigator && self.navigator.language || "en").startsWith("hu") ? "hu" : "en";
  const text = data.text ? (data.text[lang] || data.text.en) : "";
  event.waitUntil(self.registration.showNotification(data.title || "Ulti", {
    body: text, data: { link: data.link || "/" }, icon: "/static/favicon.svg",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.link));
});
