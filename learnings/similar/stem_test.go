package similar

import "testing"

// TestStemKeepsANonPluralS holds stem to a closing "s" that is no plural:
// a secure protocol's ("https", "amqps", "mqtts", "sips") and "news",
// stripped, read as another word that is there too ("http", "amqp",
// "mqtt", "sip", "new"), and a switch between the two was the same
// learning. Plurals still lose theirs.
func TestStemKeepsANonPluralS(t *testing.T) {
	for _, tc := range []struct{ w, want string }{
		{"https", "https"}, {"ftps", "ftps"}, {"smtps", "smtps"}, {"imaps", "imaps"}, {"ldaps", "ldaps"},
		{"amqps", "amqps"}, {"mqtts", "mqtts"}, {"rtmps", "rtmps"}, {"rtsps", "rtsps"}, {"sips", "sips"},
		{"nntps", "nntps"}, {"ircs", "ircs"}, {"news", "news"},
		{"tests", "test"}, {"maps", "map"}, {"steps", "step"}, {"chips", "chip"}, {"reports", "report"},
		{"files", "fil"}, {"views", "view"},
	} {
		if got := stem(tc.w); got != tc.want {
			t.Errorf("stem(%q) = %q, want %q", tc.w, got, tc.want)
		}
	}
	for _, p := range [][2]string{
		{"Connect the workers to RabbitMQ over AMQP.", "Connect the workers to RabbitMQ over AMQPS."},
		{"Publish the sensor readings over MQTT.", "Publish the sensor readings over MQTTS."},
		{"Stream the keynote over RTMP.", "Stream the keynote over RTMPS."},
		{"Pull the camera feed over RTSP.", "Pull the camera feed over RTSPS."},
		{"Route the desk phones through SIP.", "Route the desk phones through SIPS."},
		{"Post release notes in the news channel.", "Post release notes in the new channel."},
	} {
		for _, q := range [2][2]string{p, {p[1], p[0]}} {
			if v := Compare(q[0], q[1]); v.Kind == Same {
				t.Errorf("Compare(%q, %q) = %v (score %.2f), want no same learning", q[0], q[1], v.Kind, v.Score)
			}
		}
	}
}
